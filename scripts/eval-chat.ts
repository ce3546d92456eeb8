// `npm run eval:chat`: asks the configured support assistant (CHAT_MODEL, OPENAI_*) the questions
// of scripts/eval/ (French and English, single messages and follow-ups) through the real HTTP endpoint of an app built
// in-process on an in-memory database, checks the facts of each answer, prints the failures and
// the share answered correctly. Exit code 1 under 95 % (decision 015).
import type { AddressInfo } from 'node:net';
import { createBooking, findVehicleId } from '../apps/api/test/helpers/factories';
import { createTestApp } from '../apps/api/test/helpers/test-app';
import { EVAL_QUESTIONS, type EvalKind } from './eval/chat-questions';

const PASS_SHARE = 0.95;
const EMAIL = 'eval.client@example.fr';

const fold = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replaceAll('’', "'")
    .toLowerCase();

interface Message {
  role: 'user' | 'assistant';
  content: string;
}

/** Reads the event stream as the widget does: comment lines ignored, content pieces joined. */
async function ask(url: string, messages: readonly Message[]): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(`HTTP ${response.status}: ${body?.error ?? ''}`);
  }
  let answer = '';
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') return answer;
    const chunk = JSON.parse(data) as {
      error?: string;
      choices?: { delta?: { content?: string } }[];
    };
    if (chunk.error) throw new Error(chunk.error);
    answer += chunk.choices?.[0]?.delta?.content ?? '';
  }
  throw new Error('stream ended without [DONE]');
}

const ctx = await createTestApp({
  LOG_LEVEL: 'warn',
  CHAT_RATE_LIMIT: '1000',
  CHAT_STREAM_PACE_MS: '0',
  CHAT_MODEL: process.env.CHAT_MODEL,
  OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
  OPENAI_API_KEY: process.env.OPENAI_API_KEY,
  OPENAI_MODEL: process.env.OPENAI_MODEL,
});
try {
  const bookingId = await createBooking(ctx.db, {
    vehicleId: await findVehicleId(ctx.db, 'porsche-panamera'),
    start: '2027-11-01T09:00:00Z',
    end: '2027-11-04T09:00:00Z',
  });
  await ctx.db.query('update bookings set customer_email = $1 where id = $2', [EMAIL, bookingId]);
  const reference = bookingId.slice(0, 8).toUpperCase();

  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/v1/chat`;
  console.log(
    `Assistant: ${ctx.config.chat.model.provider} · ${EVAL_QUESTIONS.length} questions\n`,
  );

  const fill = (text: string) => text.replace('{reference}', reference).replace('{email}', EMAIL);
  let passed = 0;
  for (const item of EVAL_QUESTIONS) {
    // A follow-up: the earlier questions are asked first, each with the real answers before it.
    const conversation: Message[] = [];
    const question = [...(item.before ?? []), item.question].map(fill).join('\n  → ');
    let answer = '';
    try {
      for (const turn of [...(item.before ?? []), item.question]) {
        conversation.push({ role: 'user', content: fill(turn) });
        answer = await ask(url, conversation);
        conversation.push({ role: 'assistant', content: answer });
      }
    } catch (error) {
      console.log(`✗ ${question}\n    erreur : ${(error as Error).message}\n`);
      continue;
    }
    const folded = fold(answer);
    const missing = item.facts.filter(
      (fact) => !fact.split('|').some((option) => folded.includes(fold(option))),
    );
    const leaked = (item.forbidden ?? []).filter((fact) => folded.includes(fold(fill(fact))));
    if (missing.length === 0 && leaked.length === 0) {
      passed++;
      continue;
    }
    console.log(`✗ ${question}`);
    if (missing.length > 0) console.log(`    manque : ${missing.join(' ; ')}`);
    if (leaked.length > 0) console.log(`    ne devrait pas contenir : ${leaked.join(' ; ')}`);
    console.log(`    réponse : ${answer.replaceAll('\n', '\n              ')}\n`);
  }
  const share = passed / EVAL_QUESTIONS.length;
  const count = (kind: EvalKind) => EVAL_QUESTIONS.filter((item) => item.kind === kind).length;
  console.log(
    `${passed}/${EVAL_QUESTIONS.length} réponses correctes : ${(share * 100).toFixed(1)} % (seuil ${PASS_SHARE * 100} %)\n` +
      `dont ${EVAL_QUESTIONS.filter((item) => item.before).length} suites de conversation, ` +
      `${count('english')} en anglais, ${count('refusal')} à refuser`,
  );
  process.exitCode = share >= PASS_SHARE ? 0 : 1;
} finally {
  await ctx.close();
}
