import { currentLocale, intlLocale } from '@/i18n';
/**
 * Browser speech: recognition (SpeechRecognition, or the prefixed webkitSpeechRecognition)
 * and synthesis. Only the parts the search page uses are typed.
 */

export interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

export interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionCtor = new () => Recognition;

/** The recognition constructor, or null with the reason when this browser has none. */
export function recognitionSupport(): { ctor: RecognitionCtor | null; reason?: string } {
  if (typeof window === 'undefined') return { ctor: null, reason: 'no window' };
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  const ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
  return ctor ? { ctor } : { ctor: null, reason: 'SpeechRecognition is not available in this browser' };
}

/** Speaks a short sentence when the browser can; silently does nothing otherwise. */
export function speak(text: string) {
  try {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = intlLocale(currentLocale());
    synth.speak(utterance);
  } catch (error) {
    console.warn('speech synthesis failed', error);
  }
}
