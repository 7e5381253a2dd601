// `node:fs` with the `globSync` that Node.js 20 lacks (see node20_fs.mjs): literal paths and
// `*` within one directory, which is all the conformance suite's loader of scenario files asks.
import fs from 'node:fs'
import path from 'node:path'

export * from 'node:fs'
export default fs

export function globSync(pattern, options = {}) {
  const cwd = options.cwd ?? process.cwd()
  const patterns = Array.isArray(pattern) ? pattern : [pattern]
  const found = []
  for (const one of patterns) {
    const directory = path.dirname(one)
    const name = path.basename(one)
    if (!name.includes('*')) {
      if (fs.existsSync(path.resolve(cwd, one))) found.push(one)
      continue
    }
    const matcher = new RegExp('^' + name.split('*').map((part) =>
      part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*') + '$')
    let entries = []
    try {
      entries = fs.readdirSync(path.resolve(cwd, directory))
    } catch {
      continue
    }
    for (const entry of entries) {
      if (matcher.test(entry)) found.push(path.join(directory, entry))
    }
  }
  return found
}
