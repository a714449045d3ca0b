/**
 * The scripting client (docs/scripting.md): sign in to a running server and run console commands by id, from
 * TypeScript or plain JavaScript (ESM; run the .mjs with `node --import tsx`, as the project is TypeScript):
 *
 *   import { connect } from './src/client/index.ts';
 *   const s = await connect({ url: 'http://localhost:8080', account: 'reviewer1', password: 'Demo@2026', lang: 'en' });
 *   const next = await s.run('review.trial.next');               // claims the next order of the first-review queue
 *   await s.run('review.trial.approve', { id: next.id, version: next.version });
 *   const page = await s.read('review.trial', { order_no: 'LO…' }); // a screen's list, with its filters
 *   console.log(s.list('review.trial'));                          // ids, titles, parameters, hotkeys
 *   await s.signOut();
 *
 * Failures throw: CommandError (unknown id, forbidden, invalid parameters, missing row) and CommandApiError (the
 * server's refusal, its `msg` in the session's language); `explain(err, langOf('en'))` words any of them.
 */
export { connect, DEFAULT_PASSWORD, DEFAULT_URL, type ConnectOptions, type Session } from './session';
export { runScript, runLines, type EngineOptions, type RunResult } from './engine';
export { parseScript, argvToScript, type Line, type Step } from './script';
export { listCommands, formatList, describeCommand, type CommandInfo, type ParamInfo } from './describe';
export { closestIds } from './suggest';
export { explain, langOf, wordIssues, ScriptError } from './words';
export { runCli } from './cli';
export { CommandApiError, CommandError } from '../../commands/run';
