import { useEffect, useMemo, useRef, useState } from 'react';
import { currentLocale, intlLocale } from '@/i18n';
import { type Recognition, recognitionSupport } from './speech';

/**
 * Voice input through the browser's speech recognition in en-IN: one utterance per `toggle`
 * (a second toggle stops listening); its text goes to `onTranscript`. Unsupported browsers get
 * `supported: false`, and the reason is logged once.
 */
export function useVoiceSearch(onTranscript: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const support = useMemo(() => recognitionSupport(), []);

  useEffect(() => {
    if (!support.ctor) console.info(`Voice search unavailable: ${support.reason}`);
  }, [support]);
  // Leaving the page stops listening.
  useEffect(() => () => recognition.current?.abort(), []);

  const toggle = () => {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    if (!support.ctor) return;
    const rec = new support.ctor();
    // Listens in the interface's language (hi-IN when it is Hindi).
    rec.lang = intlLocale(currentLocale());
    rec.interimResults = false;
    rec.maxAlternatives = 1;
    rec.continuous = false;
    rec.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript ?? '';
      setListening(false);
      onTranscript(transcript);
    };
    rec.onerror = (event) => {
      console.warn('Speech recognition error', event.error);
      setListening(false);
    };
    rec.onend = () => setListening(false);
    recognition.current = rec;
    try {
      rec.start();
      setListening(true);
    } catch (error) {
      console.warn('Speech recognition could not start', error);
      setListening(false);
    }
  };

  return { supported: !!support.ctor, listening, toggle };
}
