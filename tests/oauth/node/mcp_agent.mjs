// An AI agent on the MCP TypeScript SDK (@modelcontextprotocol/sdk), headless: `node
// mcp_agent.mjs` with MCP_URL (the MCP server's endpoint) and REDIRECT_URI in the environment.
// It calls the MCP server, reads the 401's challenge, and runs the SDK's `auth()`: protected-
// resource metadata, the authorization server's metadata, dynamic registration, the authorization
// URL. The person at the browser is whoever drives this script: it prints
// {"authorize": URL} and reads one line from stdin, the URL the browser was sent back to; then
// `auth()` exchanges the code (with `resource`) and the SDK's own client transport calls the
// tool `whoami`. Last line: {"ok": true, "result": {tokens, client, requests, tool}}.
import { createInterface } from 'node:readline'
import { randomBytes } from 'node:crypto'
import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

const env = process.env
const serverUrl = new URL(env.MCP_URL)
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()

// What the SDK asked for on the way (no secrets: the form's names, `resource`'s value).
const requests = []
async function recorded(url, init = {}) {
  const entry = { method: init.method ?? 'GET', url: String(url) }
  if (init.body instanceof URLSearchParams) {
    entry.form = [...init.body.keys()]
    entry.resource = init.body.get('resource')
  }
  requests.push(entry)
  return fetch(url, init)
}

// The SDK's OAuthClientProvider, in memory.
const kept = { state: randomBytes(16).toString('base64url') }
const provider = {
  get redirectUrl() { return env.REDIRECT_URI },
  get clientMetadata() {
    return {
      client_name: 'Headless agent', redirect_uris: [env.REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
  },
  state() { return kept.state },
  clientInformation() { return kept.client },
  saveClientInformation(client) { kept.client = client },
  tokens() { return kept.tokens },
  saveTokens(tokens) { kept.tokens = tokens },
  redirectToAuthorization(url) { kept.authorizationUrl = url },
  saveCodeVerifier(verifier) { kept.verifier = verifier },
  codeVerifier() { return kept.verifier },
  // What discovery found, so that the code's exchange does not discover again.
  saveDiscoveryState(state) { kept.discovery = state },
  discoveryState() { return kept.discovery },
}

async function main() {
  const first = await recorded(serverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  if (first.status !== 401) throw new Error(`expected a 401, got ${first.status}`)
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(first)
  const options = { serverUrl, resourceMetadataUrl, scope, fetchFn: recorded }

  if (await auth(provider, options) !== 'REDIRECT') throw new Error('no authorization asked')
  console.log(JSON.stringify({ authorize: kept.authorizationUrl.href }))
  const back = new URL((await lines.next()).value)
  if (back.searchParams.get('state') !== kept.state) throw new Error('the state differs')
  const authorizationCode = back.searchParams.get('code')
  if (await auth(provider, { ...options, authorizationCode }) !== 'AUTHORIZED') {
    throw new Error('not authorized')
  }

  const client = new Client({ name: 'headless-agent', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }))
  const tool = await client.callTool({ name: 'whoami', arguments: {} })
  await client.close()
  return { tokens: kept.tokens, client: kept.client, requests, tool }
}

console.log(JSON.stringify({ ok: true, result: await main() }))
process.exit(0)
