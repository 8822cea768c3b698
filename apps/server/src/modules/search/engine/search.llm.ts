import { CATEGORIES, LEVELS } from '@kaksha/contracts';
import { z } from 'zod';
import type { Config } from '../../../core/config.ts';
import { type Constraints, conceptsOf, correctSpelling, type ParsedQuery } from './search.query.ts';
import { canonicalize, words } from './search.text.ts';

/**
 * Optional LLM query understanding (AI_PROVIDER=openai): any OpenAI-compatible
 * chat-completions endpoint (OpenAI, Gemini's OpenAI-compatible endpoint, Ollama) turns the
 * query text — and nothing else — into the engine's structured form. The answer is
 * validated with zod; an error, an invalid answer or the time limit means `null`, and the
 * built-in parser answers alone.
 */

export const LLM_TIMEOUT_MS = 2000;

const SYSTEM_PROMPT = `You turn a learner's search for online courses into JSON. Reply with one JSON object only:
{"topics": string[], "related": string[], "category": string|null, "level": string|null, "minPrice": number|null, "maxPrice": number|null, "sort": "rating"|"popular"|null}
- topics: the subject the learner wants as 1-3 short English phrases, each a skill, tool or subject that a matching course must cover (translate Hindi/Hinglish, fix typos, expand acronyms; no filler, price or level words). Usually one.
- related: up to 6 other names of the same subject or closely related skills/tools that would also serve the need (e.g. for "make an iPhone app": "ios development", "swift").
- category: one of ${CATEGORIES.map((c) => JSON.stringify(c)).join(', ')} when the subject clearly belongs to it, else null.
- level: one of ${LEVELS.map((l) => JSON.stringify(l)).join(', ')} only when the learner states it (e.g. "for beginners", "advanced"), else null.
- minPrice/maxPrice: whole Indian rupees, inclusive, only when stated: "free" → maxPrice 0; "under 500" → maxPrice 499; "up to 500" → 500; "cheap" → 500.
- sort: "rating" for best/top rated, "popular" for popular/trending, else null.`;

const llmAnswerSchema = z.object({
  topics: z.array(z.string().trim().min(1).max(80)).max(8).default([]),
  related: z.array(z.string().trim().min(1).max(80)).max(12).default([]),
  category: z.enum(CATEGORIES).nullish(),
  level: z.enum(LEVELS).nullish(),
  minPrice: z.number().int().min(0).max(10_000_000).nullish(),
  maxPrice: z.number().int().min(0).max(10_000_000).nullish(),
  sort: z.enum(['rating', 'popular']).nullish(),
});
export type LlmAnswer = z.infer<typeof llmAnswerSchema>;

const chatResponseSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

export interface LlmLogger {
  warn: (obj: object, msg?: string) => void;
}

/** Asks the endpoint; returns the validated answer or null (reason logged). */
export async function askLlm(
  ai: Config['ai'],
  query: string,
  log: LlmLogger,
  fetchImpl: typeof fetch = fetch,
): Promise<LlmAnswer | null> {
  try {
    const res = await fetchImpl(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: query },
        ],
      }),
      signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
    });
    if (!res.ok) {
      log.warn({ status: res.status }, 'AI search: LLM endpoint answered with an error; using the built-in engine');
      return null;
    }
    const body = chatResponseSchema.safeParse(await res.json());
    if (!body.success) {
      log.warn({}, 'AI search: LLM response had no message; using the built-in engine');
      return null;
    }
    const content = (body.data.choices[0].message.content ?? '')
      .trim()
      .replace(/^```(?:json)?\s*/i, '')
      .replace(/```\s*$/, '');
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(content);
    } catch {
      log.warn({}, 'AI search: LLM answer was not JSON; using the built-in engine');
      return null;
    }
    const answer = llmAnswerSchema.safeParse(parsedJson);
    if (!answer.success) {
      log.warn(
        { issues: answer.error.issues.length },
        'AI search: LLM answer did not validate; using the built-in engine',
      );
      return null;
    }
    return answer.data;
  } catch (err) {
    const timeout = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
    log.warn(
      { reason: timeout ? 'timeout' : (err as Error)?.message },
      'AI search: LLM query understanding failed; using the built-in engine',
    );
    return null;
  }
}

/**
 * The LLM's answer in the engine's form: its topics become the concepts (through the same
 * phrase recognition as typed text), its related names extra expansions of every concept.
 * Where the LLM said nothing (no topics, or no constraint the parser found), the built-in
 * parser's reading is kept.
 */
export function mergeLlmAnswer(local: ParsedQuery, answer: LlmAnswer): ParsedQuery {
  const phrasesOf = (t: string) => conceptsOf(words(canonicalize(t, true)).map(correctSpelling)).map((c) => c.phrase);
  const seen = new Set<string>();
  const concepts = answer.topics
    .flatMap(phrasesOf)
    .filter((p) => !seen.has(p) && seen.add(p))
    .slice(0, 6);
  const related = answer.related.map((t) => words(canonicalize(t, true)).join(' ')).filter(Boolean);
  const constraints: Constraints = { ...local.constraints };
  if (answer.category) constraints.category = answer.category;
  if (answer.level) constraints.level = answer.level;
  if (answer.maxPrice != null || answer.minPrice != null) {
    constraints.price = {
      ...(answer.minPrice != null ? { min: answer.minPrice } : {}),
      ...(answer.maxPrice != null ? { max: answer.maxPrice } : {}),
    };
  }
  return {
    concepts: concepts.length ? concepts.map((phrase) => ({ phrase, alternatives: related })) : local.concepts,
    constraints,
    sort: answer.sort ?? local.sort,
  };
}
