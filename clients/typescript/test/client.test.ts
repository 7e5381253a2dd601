// The TypeScript client against a real server (clients/testserver.py: the app under waitress on
// loopback, fresh SQLite database): the calls a first program makes. Run: npm test.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { ApiError, createApi, paginate } from "../src/index.js";
import type { Api } from "../src/index.js";
import { startServer } from "./server.js";

const PASSWORD = "correct horse battery staple 42";
let server: Awaited<ReturnType<typeof startServer>>;
let anonymous: Api;
let count = 0;

before(async () => {
  server = await startServer();
  anonymous = createApi({ baseUrl: server.baseUrl });
});
after(() => server.stop());

/** Signs up a new account: its address and the API with its session's token. */
async function signedUp(): Promise<{ email: string; api: Api }> {
  const email = `typescript-${(count += 1)}@example.com`;
  const { session } = await anonymous.signUp({ body: { email, password: PASSWORD } });
  assert.ok(session);
  return { email, api: anonymous.withToken(session.token) };
}

/** The ApiError a promise rejects with (fails when it resolves or rejects with another error). */
async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail("expected an error answer"), (e: unknown) => e);
  assert.ok(error instanceof ApiError, `not an ApiError: ${error}`);
  return error;
}

test("sign up, then read the session", async () => {
  const { email, api } = await signedUp();

  const { user, session } = await api.getSession();

  assert.equal(user.email, email);
  assert.equal(user.emailVerified, false);
  assert.ok(session?.expiresAt);
});

test("a taken address is a typed 409", async () => {
  const { email } = await signedUp();

  const error = await apiError(anonymous.signUp({ body: { email, password: PASSWORD } }));

  // The auth envelope {error: CODE, message}: the code is in `error` and `code`.
  assert.equal(error.status, 409);
  assert.equal(error.code, "USER_ALREADY_EXISTS");
  assert.equal(error.error, "USER_ALREADY_EXISTS");
  assert.ok(error.message);
});

test("a validation error names the field", async () => {
  const error = await apiError(anonymous.signUp({ body: { email: "not-an-address", password: "x" } }));

  assert.equal(error.status, 400);
  assert.equal(error.code, "VALIDATION_ERROR");
  assert.ok(error.details && "email" in error.details);
});

test("create projects and walk every page", async () => {
  const { api } = await signedUp();
  const names = [0, 1, 2, 3, 4].map((n) => `Project ${n}`);
  for (const name of names) {
    const { data } = await api.createProject({ body: { name } });
    assert.deepEqual([data.name, data.role], [name, "owner"]);
  }

  const first = await api.listProjects({ params: { query: { limit: 2 } } });
  assert.deepEqual(first.meta, { total: 5, page: 1, limit: 2, pages: 3 });
  const walked: string[] = [];
  for await (const project of paginate(api.listProjects, { params: { query: { limit: 2 } } })) {
    walked.push(project.name);
  }

  // Newest first (the default sort), each project once across the three pages.
  assert.deepEqual(walked, [...names].reverse());
});

test("a deleted project answers 404 in the general envelope", async () => {
  const { api } = await signedUp();
  const { data } = await api.createProject({ body: { name: "Short-lived" } });
  const path = { project_id: data.id };

  assert.equal(await api.deleteProject({ params: { path } }), undefined); // 204, no body

  const error = await apiError(api.getProject({ params: { path } }));
  assert.deepEqual([error.status, error.code, error.error], [404, "NOT_FOUND", "Not Found"]);
});

test("without a token the general envelope is decoded", async () => {
  const error = await apiError(anonymous.listProjects());

  assert.equal(error.status, 401);
  assert.equal(error.code, "AUTH_ERROR");
  assert.equal(error.error, "Unauthorized");
});

test("sign out ends the session", async () => {
  const { api } = await signedUp();

  assert.deepEqual(await api.signOut(), { success: true });

  const error = await apiError(api.getSession());
  assert.deepEqual([error.status, error.code], [401, "INVALID_TOKEN"]);
});
