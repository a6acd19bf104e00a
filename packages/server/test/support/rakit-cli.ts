import { runCli } from '../../src/cli/rakit';

/** Runs `npx rakit …` in this process as `token` (RAKIT_TOKEN); answers its exit code and what it printed. */
export async function rakitAs(token: string, args: readonly string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const [log, error, was] = [console.log, console.error, process.env.RAKIT_TOKEN];
  console.log = (...parts: unknown[]) => { out.push(parts.join(' ')); };
  console.error = console.log;
  process.env.RAKIT_TOKEN = token;
  try {
    return { code: await runCli(args), out: out.join('\n') };
  } finally {
    [console.log, console.error] = [log, error];
    if (was === undefined) delete process.env.RAKIT_TOKEN;
    else process.env.RAKIT_TOKEN = was;
  }
}
