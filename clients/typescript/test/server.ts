// Starts clients/testserver.py (the app under waitress on a free loopback port) for the tests.
// Its Python: API_PYTHON, else the repository's .venv, else python3 from PATH.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../../testserver.py", import.meta.url));
const venvPython = fileURLToPath(new URL("../../../../.venv/bin/python", import.meta.url));

export async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const python = process.env.API_PYTHON ?? (existsSync(venvPython) ? venvPython : "python3");
  const child = spawn(python, [script], { stdio: ["pipe", "pipe", "inherit"] });
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the test server exited (${code})`)));
  });
  const baseUrl = await firstLine;
  // Closing its stdin ends the server (and it ends with this process anyway).
  return { baseUrl, stop: () => child.stdin.end() };
}
