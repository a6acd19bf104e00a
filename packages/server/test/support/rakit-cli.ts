import { runCli } from '../../src/cli/rakit';

/**
 * Runs `npx rakit …` in this process as `token` (RAKIT_TOKEN), with `env` set besides (a CI
 * job's RAKIT_TARGET_TOKEN); answers its exit code and what it printed.
 */
export async function rakitAs(token: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const [log, error] = [console.log, console.error];
  const set = { RAKIT_TOKEN: token, ...env };
  const was = Object.fromEntries(Object.keys(set).map((name) => [name, process.env[name]]));
  console.log = (...parts: unknown[]) => { out.push(parts.join(' ')); };
  console.error = console.log;
  Object.assign(process.env, set);
  try {
    return { code: await runCli(args), out: out.join('\n') };
  } finally {
    [console.log, console.error] = [log, error];
    for (const [name, value] of Object.entries(was)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
