// The Node.js Rakit runs on: 24 LTS from 24.15 (node:sqlite with SQLite's authorizer, defensive
// mode and the attach limit, which lock an author's SQLite database to its one file), or later.
// Imported first by `npm start` and `npm run worker`, so that an older Node stops with a sentence,
// not a stack trace from a missing built-in module.
export const SUPPORTED_NODE = '24.15';

/** Whether `version` (process.version's form, v24.15.0) is one Rakit runs on. */
export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 24 || (major === 24 && minor >= 15);
}

if (!isSupportedNode(process.version)) {
  console.error([
    `Rakit needs Node.js ${SUPPORTED_NODE} or later (the 24 LTS line); this is Node.js ${process.version} (${process.execPath}).`,
    'On Linux x64, `npm install` brings Node.js 24 into node_modules/.bin and npm runs the scripts with it:',
    'start with `npm start` (or `npm run worker`), not with `node` directly.',
    'Elsewhere, install Node.js 24 (https://nodejs.org, or the node:24 image), then run `npm install` again.',
  ].join('\n'));
  process.exit(1);
}
