// A resource server on panva's oauth4webapi 3: `node oauth4webapi.mjs '{"token": ...,
// "audience": ...}'` with ISSUER in the environment discovers the authorization server (RFC
// 8414) and validates the access token as RFC 9068 says (validateJwtAccessToken: typ, alg,
// signature by the JWKS, iss, aud, exp, the required claims). It prints one JSON line:
// {"ok": true, "result": claims}, or {"ok": false, "error": ...} for a token it refused.
import * as oauth from 'oauth4webapi'

const { token, audience } = JSON.parse(process.argv[2])
const issuer = new URL(process.env.ISSUER)
// The server under test is http on loopback; oauth4webapi refuses http without this.
const insecure = { [oauth.allowInsecureRequests]: true }

const as = await oauth.processDiscoveryResponse(
  issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }))
// The request a resource server received: the token as its bearer (RFC 6750 2.1).
const request = new Request(new URL('/api/projects', issuer), {
  headers: { Authorization: `Bearer ${token}` },
})
try {
  const claims = await oauth.validateJwtAccessToken(as, request, audience, insecure)
  console.log(JSON.stringify({ ok: true, result: claims }))
} catch (error) {
  if (!(error instanceof oauth.OperationProcessingError)
      && !(error instanceof oauth.UnsupportedOperationError)) throw error
  console.log(JSON.stringify({
    ok: false,
    error: { name: error.name, code: error.code ?? null, message: error.message },
  }))
}
