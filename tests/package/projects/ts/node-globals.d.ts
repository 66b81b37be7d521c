// The two Node globals the setups use (no @types/node here).
declare const process: { env: Record<string, string | undefined>; exitCode?: number };
