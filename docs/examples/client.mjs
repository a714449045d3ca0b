// The scripting client from plain JavaScript (docs/scripting.md). Run from the project folder, server running with
// CAPTCHA_ENABLED=false:
//   node --import tsx docs/examples/client.mjs [URL]
// It signs in as the first reviewer, shows the actions of the first-review queue and the queue's first page, then
// opens the next order (claiming it, as opening it in the console does) and releases it again, and shows what a refused
// or mistyped command says.
import { connect, explain, langOf } from '../../src/client/index.ts';

const url = process.argv[2] ?? process.env.CMD_URL ?? 'http://localhost:8080';
const reviewer = await connect({ url, account: 'reviewer1', lang: 'en' });
try {
  for (const c of reviewer.list('review.trial')) console.log(`${c.id}: ${c.title}${c.hotkey ? ` (${c.hotkey})` : ''}`);

  const page = await reviewer.read('review.trial', { page: 1, size: 5 });
  console.log(`first review: ${page.total} orders waiting`);

  if (page.total > 0) {
    // `next` names the order to work on; claiming it is the reviewer's own step (the console claims on opening).
    const next = await reviewer.run('review.trial.next');
    const claimed = await reviewer.run('review.trial.claim', { id: next.id, version: next.version });
    console.log('claimed', claimed);
    await reviewer.run('review.trial.release', { id: next.id });
  }

  // Failures carry their reason; explain() words them as the CLI does.
  for (const [id, params] of [['review.trial.reject', { id: 1 }], ['review.trail.aprove', { id: 1 }], ['empower.user.add', {}]]) {
    const err = await reviewer.run(id, params).catch((e) => e);
    console.log(`${id}: ${explain(err, langOf('en'), { account: reviewer.account })}`);
  }
} finally {
  await reviewer.signOut();
}
