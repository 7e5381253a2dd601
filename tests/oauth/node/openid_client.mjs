// A relying party on panva's openid-client 6, one step a run: `node openid_client.mjs STEP
// '{"input": ...}'`, with the client in the environment (ISSUER, CLIENT_ID, CLIENT_SECRET,
// CLIENT_AUTH basic|post|none, ID_TOKEN_ALG, DISCOVERY oidc|oauth2). It prints one JSON line:
// {"ok": true, "result": ...}, or {"ok": false, "error": ...} for what the library refused.
import * as client from 'openid-client'

const env = process.env
const [step, given] = process.argv.slice(2)
const input = given ? JSON.parse(given) : {}

function authentication() {
  switch (env.CLIENT_AUTH) {
    case 'post':
      return client.ClientSecretPost(env.CLIENT_SECRET)
    case 'none':
      return client.None()
    default:
      return client.ClientSecretBasic(env.CLIENT_SECRET)
  }
}

async function configuration() {
  const metadata = {}
  if (env.ID_TOKEN_ALG) metadata.id_token_signed_response_alg = env.ID_TOKEN_ALG
  return client.discovery(new URL(env.ISSUER), env.CLIENT_ID, metadata, authentication(), {
    // The server under test is http on loopback; openid-client refuses http without this.
    execute: [client.allowInsecureRequests],
    algorithm: env.DISCOVERY === 'oauth2' ? 'oauth2' : 'oidc',
  })
}

function tokens(answer) {
  const claims = answer.claims()
  return { ...answer, claims: claims ?? null, expiresIn: answer.expiresIn() ?? null }
}

const steps = {
  async discover(config) {
    return config.serverMetadata()
  },

  // The authorization URL with PKCE (S256), state and nonce, and what the callback checks.
  async authorize(config) {
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const parameters = new URLSearchParams({
      redirect_uri: input.redirectUri,
      scope: input.scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    for (const resource of input.resources ?? []) parameters.append('resource', resource)
    const url = client.buildAuthorizationUrl(config, parameters)
    return { url: url.href, verifier, state, nonce }
  },

  // The redirect back: its state and iss checked, the code exchanged, the ID token validated.
  async callback(config) {
    const answer = await client.authorizationCodeGrant(config, new URL(input.callbackUrl), {
      pkceCodeVerifier: input.verifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: input.idTokenExpected ?? true,
    }, input.resource ? { resource: input.resource } : undefined)
    return tokens(answer)
  },

  async userinfo(config) {
    return client.fetchUserInfo(config, input.accessToken, input.subject)
  },

  async refresh(config) {
    return tokens(await client.refreshTokenGrant(config, input.refreshToken, input.parameters))
  },

  async revoke(config) {
    const parameters = input.hint ? { token_type_hint: input.hint } : undefined
    await client.tokenRevocation(config, input.token, parameters)
    return { revoked: true }
  },

  async introspect(config) {
    return client.tokenIntrospection(config, input.token)
  },

  // A call of the API with the access token: its status and body.
  async resource(config) {
    const response = await client.fetchProtectedResource(
      config, input.accessToken, new URL(input.url), 'GET')
    return { status: response.status, body: await response.json() }
  },
}

// What the library throws when it refuses an answer (anything else is this script's bug).
const REFUSALS = new Set(['ClientError', 'ResponseBodyError', 'AuthorizationResponseError',
  'WWWAuthenticateChallengeError', 'OperationProcessingError', 'UnsupportedOperationError'])

function refusal(error) {
  const found = { name: error.name, code: error.code ?? null, message: error.message }
  if (error.error) found.error = error.error
  if (error.status) found.status = error.status
  if (error instanceof client.WWWAuthenticateChallengeError) {
    found.challenges = error.cause
  }
  if (error.cause instanceof Error) {
    found.cause = { code: error.cause.code ?? null, message: error.cause.message }
  }
  return found
}

try {
  const result = await steps[step](await configuration())
  console.log(JSON.stringify({ ok: true, result }))
} catch (error) {
  if (!(error instanceof Error) || !REFUSALS.has(error.name)) throw error
  console.log(JSON.stringify({ ok: false, error: refusal(error) }))
}
