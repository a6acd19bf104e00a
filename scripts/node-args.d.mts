/** The flags of node for the server's processes (see node-args.mjs). */
export function serverNodeArgs(nodeOptions?: string): string[];
