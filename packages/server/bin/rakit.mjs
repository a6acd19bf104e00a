#!/usr/bin/env node
// `npx rakit …`: the command line of packages/server/src/cli/rakit.ts, run through tsx as the server is.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/rakit.ts');
process.exitCode = await runCli(process.argv.slice(2));
