/**
 * Node options for a child process of ours (the portfolio worker, API processes): tsx runs the
 * TypeScript source, as in this process (which may have registered it in code, not on the
 * command line). The inspector is not passed on: two processes cannot share its port.
 */
export function childExecArgv(): string[] {
  const inherited = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  return inherited.some((arg) => arg.includes('tsx')) ? inherited : [...inherited, '--import', import.meta.resolve('tsx')];
}
