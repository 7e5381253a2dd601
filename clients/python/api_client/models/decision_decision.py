from typing import Literal

DecisionDecision = Literal["allow", "deny"]

DECISION_DECISION_VALUES: set[DecisionDecision] = {
    "allow",
    "deny",
}


def check_decision_decision(value: str) -> DecisionDecision:
    if value in DECISION_DECISION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DECISION_DECISION_VALUES!r}")
