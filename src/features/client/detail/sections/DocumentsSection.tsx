import { Badge, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DocumentView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Ltr, Time, useWord } from '../parts';
import classes from '../detail.module.css';

/** Spec §9: the video player is 200 by 270 and never starts by itself. */
export const VIDEO_WIDTH = 200;
export const VIDEO_HEIGHT = 270;

/** One uploaded video, or the spec's message when the browser cannot play video (spec §8). */
export function VideoPlayer({ doc }: { doc: DocumentView }) {
  const word = useWord();
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap={2} align="flex-start">
      <video
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        controls
        preload="metadata"
        playsInline
        style={{ background: '#000', borderRadius: 4, objectFit: 'contain' }}
        data-testid="customer-video"
        onError={() => setFailed(true)}
      >
        <source src={doc.url} type="video/mp4" onError={() => setFailed(true)} />
        {word('customer.docs.videoUnsupported')}
      </video>
      {failed && <Text size="xs" c="red">{word('customer.docs.videoFailed')}</Text>}
      <Text size="xs" c="dimmed"><Time value={doc.uploaded_at} /></Text>
    </Stack>
  );
}

/** Original documents: liveness score, ID and face photos (click to enlarge), the liveness video. */
export function DocumentsSection() {
  const { detail } = useDetail();
  const word = useWord();
  const { photos, videos, liveness_score: score } = detail.documents;
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? null : photos[open];
  const kind = (d: DocumentView) => word(`customer.docKind.${d.kind}`, d.kind);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" c="dimmed">{word('customer.docs.liveness')}</Text>
        {score === null ? (
          <Text size="sm" c="dimmed">—</Text>
        ) : (
          <Badge color={score >= 80 ? 'teal' : score >= 60 ? 'yellow' : 'red'} variant="light" radius="sm" data-testid="liveness-score">
            <Ltr>{score.toFixed(1)}</Ltr>
          </Badge>
        )}
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4}>
          <Text size="xs" fw={600}>{word('customer.docs.photos')}</Text>
          {photos.length ? (
            <Group gap="xs" align="flex-start">
              {photos.map((p, i) => (
                <Stack key={`${p.kind}-${p.url}`} gap={2} align="center">
                  <button type="button" className={classes.thumb} onClick={() => setOpen(i)} aria-label={word('customer.docs.enlarge', undefined, { name: kind(p) })} data-testid="doc-photo">
                    <img src={p.url} alt={kind(p)} loading="lazy" />
                  </button>
                  <Text size="xs" c="dimmed">{kind(p)}</Text>
                </Stack>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed" data-testid="no-picture">{word('customer.docs.noPicture')}</Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={600}>{word('customer.docs.video')}</Text>
          {videos.length ? (
            <Group gap="xs" align="flex-start">{videos.map((v) => <VideoPlayer key={`${v.id}-${v.url}`} doc={v} />)}</Group>
          ) : (
            <Text size="sm" c="dimmed" data-testid="no-video">{word('customer.docs.noVideo')}</Text>
          )}
        </Stack>
      </Group>
      <Modal opened={shown !== null} onClose={() => setOpen(null)} size="auto" centered title={shown ? kind(shown) : ''}>
        {shown && (
          <Stack gap="xs" align="center">
            <Image src={shown.url} alt={kind(shown)} maw="80vw" mah="75vh" fit="contain" />
            <Group gap="xs" justify="space-between" w="100%">
              <Text size="xs" c="dimmed"><Time value={shown.uploaded_at} /></Text>
              <Text size="xs" c="dimmed">{open! + 1} / {photos.length}</Text>
            </Group>
            {photos.length > 1 && (
              <Group gap="xs">
                <Button size="compact-xs" variant="default" onClick={() => setOpen((i) => (i! + photos.length - 1) % photos.length)}>{word('customer.docs.prev')}</Button>
                <Button size="compact-xs" variant="default" onClick={() => setOpen((i) => (i! + 1) % photos.length)} data-autofocus>{word('customer.docs.next')}</Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
