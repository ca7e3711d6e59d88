import { useEffect, useRef, useState } from 'react';
import c from '../../content/components/content.module.css';
import h from './home.module.css';

const STEPS = [
  {
    src: '/images/process/step-1-profile.svg',
    title: '1. Create your profile',
    text: 'A few minutes, at your own pace.',
  },
  {
    src: '/images/process/step-2-preferences.svg',
    title: '2. Set your preferences',
    text: 'Importance levels and deal-breakers.',
  },
  {
    src: '/images/process/step-3-matches.svg',
    title: '3. Review your matches',
    text: 'Scores with reasons you can read.',
  },
  {
    src: '/images/process/step-4-clinic.svg',
    title: '4. Talk to your clinic',
    text: 'Bring your shortlist and questions.',
  },
];

/** Spec: an image that fails to load is hidden and 'Image not available' is shown in its place. */
function GalleryImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image can fail before hydration attaches onError; check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return <div className={h.galleryFallback}>Image not available</div>;
  return (
    <img
      ref={ref}
      className={h.galleryImage}
      src={src}
      alt=""
      width={600}
      height={400}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

export function ProcessGallery() {
  return (
    <section className={c.section} aria-labelledby="process-title">
      <p className={c.eyebrow}>The process</p>
      <h2 id="process-title" className={c.h2}>
        What happens, step by step
      </h2>
      <ul className={h.gallery} style={{ marginTop: 24 }}>
        {STEPS.map((s) => (
          <li key={s.src} className={h.galleryItem}>
            <GalleryImage src={s.src} />
            <div className={h.galleryCaption}>
              <h3 className={c.h3}>{s.title}</h3>
              <p className={c.muted}>{s.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
