import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormProblem } from '../../../components/ui/form-problem';

/**
 * A selfie from the device's camera (getUserMedia), or from a file when the browser has no
 * camera or the customer refuses it.
 */
export function SelfieCapture({ onCapture }: { onCapture: (file: File) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The first frame arrives a moment after the stream: until then there is nothing to take.
  const [ready, setReady] = useState(false);

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  async function openCamera() {
    setError(null);
    setReady(false);
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }),
      );
    } catch {
      setError('La caméra n’est pas disponible\u00a0: choisissez une photo de vous à la place.');
    }
  }

  function takePhoto() {
    const source = video.current;
    if (!source || !source.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      onCapture(new File([blob], 'selfie.png', { type: 'image/png' }));
      stream?.getTracks().forEach((track) => track.stop());
      setStream(null);
      setReady(false);
    }, 'image/png');
  }

  return (
    <div className="grid justify-items-start gap-3">
      {stream ? (
        <>
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            className="aspect-[4/3] w-full max-w-sm rounded-2xl bg-ink object-cover"
            aria-label="Aperçu de la caméra"
            onLoadedData={() => setReady(true)}
          />
          <Button onClick={takePhoto} size="sm" disabled={!ready}>
            {ready ? 'Prendre la photo' : 'Ouverture de la caméra…'}
          </Button>
        </>
      ) : (
        <Button variant="outline" size="sm" onClick={() => void openCamera()}>
          <Camera className="h-4 w-4" aria-hidden="true" />
          Ouvrir la caméra
        </Button>
      )}
      <FormProblem message={error} />
    </div>
  );
}
