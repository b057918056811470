import { SPEECH_SETTINGS } from '@church/contract/bible/texts';
import { translate } from '../../../lib/i18n/use-t';
import { notify } from '../../../lib/notify';

export const verseForSharing = (v: { reference: string; version: string; text: string }) => `"${v.text}" — ${v.reference} (${v.version})`;

export async function copyVerse(v: { reference: string; version: string; text: string }) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(verseForSharing(v));
    notify.success(translate('bible.copied'));
  } catch {
    notify.error(translate('bible.copyFailed'));
  }
}

/** Spec 000 §9: Web Speech API at rate 0.8, pitch 1, volume 0.8. */
export function readAloud(v: { reference: string; text: string }) {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof SpeechSynthesisUtterance === 'undefined') {
    notify.error(translate('bible.speechUnsupported'));
    return;
  }
  try {
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(`${v.reference}. ${v.text}`);
    utterance.rate = SPEECH_SETTINGS.rate;
    utterance.pitch = SPEECH_SETTINGS.pitch;
    utterance.volume = SPEECH_SETTINGS.volume;
    utterance.onerror = (e) => {
      // Cancelling to start another verse is not a failure.
      if (e.error !== 'canceled' && e.error !== 'interrupted') notify.error(translate('bible.speechError'));
    };
    window.speechSynthesis.speak(utterance);
  } catch {
    notify.error(translate('bible.speechError'));
  }
}
