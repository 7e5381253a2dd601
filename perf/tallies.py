"""The request metrics of core/metrics.py, tallied per serving thread and summed when
/metrics is asked (bench/README.md, "Speed-only code")."""
import bisect
import itertools
import threading

from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.utils import floatToGoString


class RequestTallies:
    """`http_requests_total`, `http_request_duration_seconds` and `rate_limit_refusals_total`,
    kept per serving thread and summed when /metrics is asked. prometheus_client's own values
    take a lock on every increment, which eight serving threads contend for: a waiting thread
    gives up the GIL, which costs server CPU on every request (bench/README.md). Here each
    thread adds to its own lists, which only it writes."""

    def __init__(self, bounds: tuple):
        self.bounds = bounds
        self._local = threading.local()
        self._tallies = []  # every thread's {(endpoint, method, status): [bucket counts..., sum]}
        self._lock = threading.Lock()  # taken once per thread, and per scrape

    def observe(self, endpoint: str, method: str, status: int, seconds: float) -> None:
        tally = getattr(self._local, "tally", None)
        if tally is None:
            tally = self._local.tally = {}
            with self._lock:
                self._tallies.append(tally)
        row = tally.get((endpoint, method, status))
        if row is None:
            row = tally[(endpoint, method, status)] = [0.0] * (len(self.bounds) + 2)
        row[bisect.bisect_left(self.bounds, seconds)] += 1  # `le`: a bound holds its equal
        row[-1] += seconds

    def merged(self) -> dict:
        with self._lock:
            tallies = list(self._tallies)
        total = {}
        for tally in tallies:
            for key, row in tally.copy().items():
                into = total.setdefault(key, [0.0] * len(row))
                for index, value in enumerate(list(row)):
                    into[index] += value
        return total

    def collect(self):
        requests = CounterMetricFamily("http_requests", "Requests answered, by route, method "
                                       "and status", labels=("endpoint", "method", "status"))
        latency = HistogramMetricFamily(
            "http_request_duration_seconds",
            "Time from the first pipeline step to the answer, by route and method",
            labels=("endpoint", "method"))
        refused = CounterMetricFamily("rate_limit_refusals", "429 answers (request limits and "
                                      "the per-account cap), by route", labels=("endpoint",))
        routes, refusals = {}, {}
        for (endpoint, method, status), row in self.merged().items():
            requests.add_metric((endpoint, method, str(status)), sum(row[:-1]))
            if status == 429:
                refusals[endpoint] = refusals.get(endpoint, 0.0) + sum(row[:-1])
            into = routes.setdefault((endpoint, method), [0.0] * len(row))
            for index, value in enumerate(row):
                into[index] += value
        for labels, row in routes.items():
            counts = list(itertools.accumulate(row[:-1]))
            bounds = [floatToGoString(bound) for bound in self.bounds] + ["+Inf"]
            latency.add_metric(labels, list(zip(bounds, counts, strict=True)), row[-1])
        for endpoint, count in refusals.items():
            refused.add_metric((endpoint,), count)
        return [requests, latency, refused]

    def describe(self):
        return []
