import { Fragment } from 'react';

type Block = { code: boolean; text: string };

/** A fence: three backticks at the start of a line, maybe with a language name after them. */
const FENCE = /^\s*```/;

/**
 * Splits a post into prose and ``` fenced code blocks. An unclosed fence runs to the end, as
 * Markdown renders it.
 */
export function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block = { code: false, text: '' };
  const push = () => {
    const trimmed = current.code ? current.text.replace(/\n$/, '') : current.text.trim();
    if (trimmed) blocks.push({ code: current.code, text: trimmed });
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (FENCE.test(line)) {
      push();
      current = { code: !current.code, text: '' };
    } else {
      current.text += `${line}\n`;
    }
  }
  push();
  return blocks;
}

/** `inline code` inside prose. */
function Inline({ text }: { text: string }) {
  const parts = text.split(/(`[^`\n]+`)/);
  return parts.map((part, i) =>
    part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
      <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-ink">
        {part.slice(1, -1)}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * A question's or an answer's text as the author typed it: plain text (React escapes it; HTML
 * stays text), line breaks kept, ``` fenced blocks as code and `backticks` as inline code.
 */
export function PostText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 text-sm leading-relaxed text-ink ${className}`}>
      {splitBlocks(text).map((block, i) =>
        block.code ? (
          // Wrapped rather than scrolled sideways: a phone shows all of it, and no scroll box needs a keyboard.
          <pre
            key={i}
            className="whitespace-pre-wrap break-words rounded-lg bg-slate-900 p-3 text-[13px] leading-snug text-slate-100"
          >
            <code>{block.text}</code>
          </pre>
        ) : (
          <p key={i} className="whitespace-pre-wrap break-words">
            <Inline text={block.text} />
          </p>
        ),
      )}
    </div>
  );
}
