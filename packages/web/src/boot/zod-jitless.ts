import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the server's Content-Security-Policy
// forbids eval (script-src 'self'), and zod's probe for it is reported as a violation even though
// zod catches the refusal. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
