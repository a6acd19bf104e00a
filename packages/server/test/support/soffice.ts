import { execFileSync } from 'node:child_process';

/**
 * Whether LibreOffice (soffice) is here for tests that print to PDF: it must be in CI (an error
 * there), elsewhere the tests of `what` say why they are skipped.
 */
export function sofficeInstalled(what: string): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error('LibreOffice (soffice) is required in CI for the print tests');
    console.warn(`[skipped] ${what}: LibreOffice (soffice) is not installed`);
    return false;
  }
}
