// Runs console commands and command scripts against a running server (docs/scripting.md):
//   npm run cmd -- --as reviewer1 review.trial.next        npm run cmd -- --file day.txt        npm run cmd -- --list
import { runCli } from '../src/client/cli';

process.exitCode = await runCli(process.argv.slice(2));
