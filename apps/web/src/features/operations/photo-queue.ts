import { useCallback, useEffect, useRef, useState } from 'react';

/** The longest side of a photo once compressed: enough to read a scratch, light on a 4G link. */
const MAX_SIDE = 1600;

/** Compresses a camera photo in the browser to a JPEG of at most 1600 px on its longest side. */
export async function compressPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('compression impossible'))),
      'image/jpeg',
      0.82,
    ),
  );
}

export type PhotoState = 'sending' | 'waiting' | 'sent' | 'failed';
export interface QueuedPhoto {
  id: string;
  preview: string;
  state: PhotoState;
}

/**
 * Photos sent one by one, each under an id chosen here: a photo that fails for want of network
 * waits and is sent again when the phone is back online (or on a retry), and the server keeps it
 * once whatever the number of attempts.
 */
export function usePhotoQueue(send: (id: string, photo: Blob) => Promise<void>) {
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const blobs = useRef(new Map<string, Blob>());

  const attempt = useCallback(
    async (id: string) => {
      const blob = blobs.current.get(id);
      if (!blob) return;
      const mark = (state: PhotoState) =>
        setPhotos((list) => list.map((photo) => (photo.id === id ? { ...photo, state } : photo)));
      mark('sending');
      try {
        await send(id, blob);
        mark('sent');
      } catch (error) {
        mark(
          navigator.onLine && error instanceof Error && 'status' in error ? 'failed' : 'waiting',
        );
      }
    },
    [send],
  );

  const add = useCallback(
    async (file: File) => {
      const id = crypto.randomUUID();
      const blob = await compressPhoto(file).catch(() => file);
      blobs.current.set(id, blob);
      setPhotos((list) => [...list, { id, preview: URL.createObjectURL(blob), state: 'sending' }]);
      await attempt(id);
      return id;
    },
    [attempt],
  );

  const retry = useCallback(() => {
    for (const photo of photos) if (photo.state !== 'sent') void attempt(photo.id);
  }, [photos, attempt]);

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  return { photos, add, retry, allSent: photos.every((photo) => photo.state === 'sent') };
}
