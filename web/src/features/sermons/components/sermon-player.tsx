import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Slider, Stack } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import type { Sermon } from '@church/contract/sermons';
import { notify } from '../../../lib/notify';
import classes from './sermons.module.css';

/**
 * Spec 001 §2/§9: play, pause, mute, and a volume slider 0–1 in steps of 0.1,
 * default 1. Used by the library's player dialog and by a sermon's own page.
 */
export function SermonPlayer({ sermon, kind }: { sermon: Sermon; kind: 'video' | 'audio' }) {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);

  useEffect(() => {
    setPlaying(false);
    setMuted(false);
    setVolume(1);
  }, [sermon.id, kind]);
  useEffect(() => {
    if (media.current) {
      media.current.volume = volume;
      media.current.muted = muted;
    }
  }, [volume, muted]);

  const src = kind === 'video' ? sermon.videoUrl : sermon.audioUrl;
  const onError = () =>
    notify.error(
      kind === 'video' ? 'Failed to load video. Please try downloading instead.' : 'Failed to load audio. Please try downloading instead.',
    );

  const toggle = async () => {
    const el = media.current;
    if (!el) return;
    if (el.paused) {
      try {
        await el.play();
      } catch {
        notify.error('Media file not accessible. Please try downloading instead.');
      }
    } else el.pause();
  };

  if (!src) return null;
  return (
    <Stack>
      {kind === 'video' ? (
        <video
          ref={media}
          src={src}
          className={classes.video}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onError={onError}
          data-testid="sermon-video"
        />
      ) : (
        <audio
          ref={media}
          src={src}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onError={onError}
          data-testid="sermon-audio"
        />
      )}
      <Group wrap="nowrap">
        <ActionIcon size="xl" radius="xl" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
          {playing ? <IconPlayerPause /> : <IconPlayerPlay />}
        </ActionIcon>
        <ActionIcon variant="subtle" size="lg" onClick={() => setMuted((m) => !m)} aria-label={muted ? 'Unmute' : 'Mute'}>
          {muted ? <IconVolumeOff /> : <IconVolume />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={1}
          step={0.1}
          value={volume}
          onChange={setVolume}
          label={(v) => `${Math.round(v * 100)}%`}
          thumbLabel="Volume"
        />
      </Group>
    </Stack>
  );
}
