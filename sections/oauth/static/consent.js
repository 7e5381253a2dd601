// The consent page (extensions.md E5.3), and the device page (E5.4) it also is: it signs the user
// in through this API's JSON endpoints (password and two-factor code, a passkey, or single
// sign-on by address), keeps the bearer in sessionStorage, reads the authorization request (on
// the device page, the one the code the user enters opens), shows the client and the scopes in
// words, and posts the decision, then goes where the answer says (a device's: nowhere). Every text from the API is set with
// textContent: a client's name is chosen by whoever registered the client.
"use strict";

(() => {
  const BEARER = "consent.bearer";
  const query = new URLSearchParams(location.search);
  const DEVICE = document.body.dataset.page === "device";
  let requestId = query.get("request") || "";
  const $ = (id) => document.getElementById(id);
  let proofWithCode = false;

  const WORDS = {
    INVALID_TOKEN: "This request has expired or was already answered. Go back to the app and "
      + "start again.",
    INVALID_CREDENTIALS: "The e-mail address or the password is not right.",
    TOTP_REQUIRED: "Two-factor authentication is on for this account: enter the code from your "
      + "authenticator app (or a recovery code).",
    INVALID_TOTP: "That code is not right, or was already used: enter the current code.",
    EMAIL_NOT_VERIFIED: "Verify your e-mail address first (follow the link we e-mailed you), "
      + "then sign in.",
    USER_BANNED: "This account is suspended.",
    RATE_LIMITED: "Too many attempts: wait a little, then try again.",
    REAUTHENTICATION_REQUIRED: "This app asks you to confirm it is you: enter your password.",
    IMPERSONATION_FORBIDDEN: "An impersonation session cannot answer for the account.",
    INSUFFICIENT_SCOPE: "This session cannot answer for the account: sign in again.",
    SSO_NOT_CONFIGURED: "Single sign-on is not set up for this address: sign in with your "
      + "password.",
    SSO_REQUIRED: "Your organization asks you to sign in with single sign-on.",
    NETWORK: "The service could not be reached: check your connection, then try again.",
  };

  const DEVICE_WORDS = {
    INVALID_TOKEN: "That code is not right, was already answered, or has expired: check the "
      + "code your device shows, or start again on the device.",
  };

  function words(data, status) {
    return (DEVICE && DEVICE_WORDS[data.error]) || WORDS[data.error] || data.message
      || `The request failed (${status}).`;
  }

  function say(text, isError = false) {
    const status = $("status");
    status.textContent = text;
    status.className = isError ? "error" : "";
  }

  function show(panel) {
    for (const section of document.querySelectorAll("[data-panel]")) {
      section.hidden = section.id !== panel;
    }
  }

  function finish(text, isError) {
    show("finished");
    $("finished-text").textContent = text;
    $("finished-text").className = isError ? "error" : "";
    say("");
  }

  async function call(method, path, body, withBearer = true) {
    const headers = {Accept: "application/json"};
    const token = sessionStorage.getItem(BEARER);
    if (withBearer && token) headers.Authorization = "Bearer " + token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, {method, headers, credentials: "omit", cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body)});
    } catch {
      return {status: 0, data: {error: "NETWORK"}};
    }
    const data = await response.json().catch(() => ({}));
    return {status: response.status, data};
  }

  function busy(on) {
    for (const button of document.querySelectorAll("button")) button.disabled = on;
  }

  // --- signing in ---

  function showSignIn(message) {
    show("signin");
    $("passkey").hidden = !(window.PublicKeyCredential
      && PublicKeyCredential.parseRequestOptionsFromJSON);
    say(message || "", Boolean(message));
  }

  async function signedIn(status, data) {
    if (status === 200 && data.session && data.session.token) {
      sessionStorage.setItem(BEARER, data.session.token);
      $("password").value = "";
      $("totp").value = "";
      $("totp-field").hidden = true;
      await (DEVICE ? showCode() : load());
      return;
    }
    if (data.error === "TOTP_REQUIRED" || data.error === "INVALID_TOTP") {
      $("totp-field").hidden = false;
      $("totp").focus();
    }
    say(words(data, status), true);
  }

  async function signInWithPassword(event) {
    event.preventDefault();
    const body = {email: $("email").value.trim(), password: $("password").value};
    const code = $("totp").value.trim();
    if (!$("totp-field").hidden && code) body.totpCode = code;
    busy(true);
    say("Signing in…");
    const {status, data} = await call("POST", "/api/auth/sign-in", body, false);
    busy(false);
    await signedIn(status, data);
  }

  async function signInWithPasskey() {
    const email = $("email").value.trim();
    busy(true);
    say("Waiting for your passkey…");
    try {
      const start = await call("POST", "/api/auth/passkey/sign-in", email ? {email} : {}, false);
      if (start.status !== 200) {
        say(words(start.data, start.status), true);
        return;
      }
      const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(start.data.options);
      let credential;
      try {
        credential = await navigator.credentials.get({publicKey});
      } catch {
        say("No passkey was used: try again, or sign in with your password.", true);
        return;
      }
      const {status, data} = await call("POST", "/api/auth/passkey/sign-in",
        {challengeId: start.data.challengeId, credential: credential.toJSON()}, false);
      await signedIn(status, data);
    } finally {
      busy(false);
    }
  }

  function comeBack() {
    if (DEVICE) {
      const code = $("user-code").value.trim() || query.get("user_code") || "";
      return location.origin + location.pathname
        + (code ? "?user_code=" + encodeURIComponent(code) : "");
    }
    return location.origin + location.pathname + "?request=" + encodeURIComponent(requestId);
  }

  async function signInWithSso() {
    const email = $("email").value.trim();
    if (!email) {
      say("Enter your work e-mail address first.", true);
      return;
    }
    const url = "/api/auth/sso?" + new URLSearchParams({email, redirectUrl: comeBack()});
    busy(true);
    // Asked first without following: a refusal is shown here in words, not as a JSON page.
    let probe;
    try {
      probe = await fetch(url, {redirect: "manual", credentials: "omit", cache: "no-store"});
    } catch {
      probe = null;
    }
    busy(false);
    if (probe && probe.type === "opaqueredirect") {
      location.assign(url);
      return;
    }
    const data = probe ? await probe.json().catch(() => ({})) : {error: "NETWORK"};
    say(words(data, probe ? probe.status : 0), true);
  }

  async function backFromSso() {
    const code = query.get("code");
    const error = query.get("error");
    history.replaceState(null, "", comeBack());  // the one-time code leaves the address bar
    if (error) {
      showSignIn("Single sign-on did not complete: try again, or sign in with your "
        + "password.");
      return;
    }
    const {status, data} = await call("POST", "/api/auth/sso/token", {code}, false);
    if (status !== 200) {
      showSignIn(words(data, status));
      return;
    }
    await signedIn(status, data);
  }

  async function switchAccount() {
    busy(true);
    await call("POST", "/api/auth/sign-out");
    busy(false);
    sessionStorage.removeItem(BEARER);
    showSignIn();
  }

  // --- the request and the decision ---

  function fill(list, items, text) {
    list.replaceChildren(...items.map((item) => {
      const entry = document.createElement("li");
      entry.textContent = text(item);
      return entry;
    }));
  }

  function render(request, user) {
    const client = request.client;
    $("account").textContent = user ? user.email : "";
    $("client-name").textContent = client.name;
    $("client-host").textContent = client.host || client.redirectUri;
    $("unverified-host").textContent = client.host || client.redirectUri;
    const unverified = !(client.verified === true && client.kind === "app");
    $("unverified").hidden = !unverified;
    $("unverified-note").hidden = !unverified;
    $("localhost-warning").hidden = !client.localhostOnly;
    $("granted").hidden = !request.granted;
    fill($("scopes"), request.scopes, (scope) => scope.description);
    for (const [index, scope] of request.scopes.entries()) {
      $("scopes").children[index].dataset.scope = scope.name;
    }
    fill($("resources"), request.resources, (resource) => resource);
    $("resources-part").hidden = request.resources.length === 0;
    $("redirect-uri").textContent = client.redirectUri || "";
    $("redirect-note").hidden = !client.redirectUri;
    $("device-note").hidden = Boolean(client.redirectUri);
    proofWithCode = Boolean(user && user.twoFactorEnabled);
    $("proof").hidden = !request.reauthenticationRequired;
    $("proof-totp-field").hidden = !proofWithCode;
    show("consent");
    say("");
  }

  async function load() {
    show("loading");
    const path = "/api/auth/authorizations/" + encodeURIComponent(requestId);
    const [{status, data}, session] = await Promise.all([call("GET", path),
      call("GET", "/api/auth/session")]);
    if (status === 401) {
      sessionStorage.removeItem(BEARER);
      showSignIn("Your session has ended: sign in again.");
      return;
    }
    if (status !== 200) {
      finish(words(data, status), true);
      return;
    }
    render(data.request, session.status === 200 ? session.data.user : null);
  }

  // --- the device page: the code the device shows ---

  async function showCode(message) {
    const session = await call("GET", "/api/auth/session");
    if (session.status !== 200) {
      sessionStorage.removeItem(BEARER);
      showSignIn(session.status === 401 ? "" : words(session.data, session.status));
      return;
    }
    $("code-account").textContent = session.data.user.email;
    if (!$("user-code").value) $("user-code").value = query.get("user_code") || "";
    show("code");
    say(message || "", Boolean(message));
    $("user-code").focus();
  }

  async function enterCode(event) {
    event.preventDefault();
    busy(true);
    say("Checking the code…");
    const [{status, data}, session] = [await call("POST", "/api/auth/device",
      {userCode: $("user-code").value.trim()}), await call("GET", "/api/auth/session")];
    busy(false);
    if (status === 401) {
      sessionStorage.removeItem(BEARER);
      showSignIn("Your session has ended: sign in again.");
      return;
    }
    if (status !== 200) {
      say(words(data, status), true);
      return;
    }
    requestId = data.request.id;
    render(data.request, session.status === 200 ? session.data.user : null);
  }

  async function decide(decision) {
    const body = {decision};
    if (decision === "allow" && !$("proof").hidden) {
      if ($("proof-password").value) body.password = $("proof-password").value;
      if (proofWithCode && $("proof-totp").value.trim()) {
        body.totpCode = $("proof-totp").value.trim();
      }
    }
    busy(true);
    say(decision === "allow" ? "Allowing…" : "Denying…");
    const path = "/api/auth/authorizations/" + encodeURIComponent(requestId);
    const {status, data} = await call("POST", path, body);
    if (status === 200) {
      if (data.redirectTo) {
        finish("Taking you back to the app…");
        location.assign(data.redirectTo);
      } else {
        finish(decision === "allow" ? "Done: you can go back to your device."
          : "Denied: the app gets nothing.");
      }
      return;
    }
    busy(false);
    if (status === 401) {
      sessionStorage.removeItem(BEARER);
      showSignIn("Your session has ended: sign in again.");
      return;
    }
    if (data.error === "INVALID_TOKEN") {
      finish(words(data, status), true);
      return;
    }
    if (data.error === "REAUTHENTICATION_REQUIRED") $("proof").hidden = false;
    say(words(data, status), true);
  }

  function start() {
    $("signin-form").addEventListener("submit", signInWithPassword);
    $("code-form").addEventListener("submit", enterCode);
    $("code-switch").addEventListener("click", switchAccount);
    $("passkey").addEventListener("click", signInWithPasskey);
    $("sso").addEventListener("click", signInWithSso);
    $("switch").addEventListener("click", switchAccount);
    $("decision-form").addEventListener("submit", (event) => {
      event.preventDefault();
      decide("allow");
    });
    $("deny").addEventListener("click", () => decide("deny"));
    if (DEVICE) {
      if (query.has("code") || query.has("error")) backFromSso();
      else if (sessionStorage.getItem(BEARER)) showCode();
      else showSignIn();
      return;
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(requestId)) {
      finish("This page was opened without an app's request: go back to the app and start "
        + "again.", true);
      return;
    }
    if (query.has("code") || query.has("error")) {
      backFromSso();
    } else if (sessionStorage.getItem(BEARER)) {
      load();
    } else {
      showSignIn();
    }
  }

  start();
})();
