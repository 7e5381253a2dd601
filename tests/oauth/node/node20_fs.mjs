// `node --import ./node20_fs.mjs`: the conformance suite's bundle imports `globSync` from `fs`,
// which Node.js has from version 22 only. This resolve hook hands that one package a module
// that re-exports `node:fs` with a `globSync` of its own (fs_glob.mjs); everything else
// resolves as before. On Node.js 22 and later it changes nothing.
import { register } from 'node:module'

const major = Number(process.versions.node.split('.')[0])
const SHIM = new URL('./fs_glob.mjs', import.meta.url).href

export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') &&
      context.parentURL?.includes('/@modelcontextprotocol/conformance/')) {
    return { url: SHIM, shortCircuit: true }
  }
  return next(specifier, context)
}

if (major < 22 && !process.env.NODE20_FS_HOOKED) {
  process.env.NODE20_FS_HOOKED = '1'
  register(import.meta.url)
}
