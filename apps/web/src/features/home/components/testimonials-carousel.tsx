import { useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { testimonialsQuery } from '../../content/api/content.api.ts';
import { wrapIndex } from '../lib/carousel.ts';
import c from '../../content/components/content.module.css';
import h from './home.module.css';

/** Spec: three fixed testimonials with previous and next buttons that wrap around. */
export function TestimonialsCarousel() {
  const { data } = useQuery(testimonialsQuery());
  const items = data ?? [];
  const [index, setIndex] = useState(0);
  const current = items[index];
  return (
    <section className={h.band} aria-labelledby="testimonials-title" aria-roledescription="carousel">
      <div className={`${c.section} ${h.carousel}`}>
        <h2 id="testimonials-title" className={c.h2}>
          What families tell us
        </h2>
        {current ? (
          <figure
            style={{ margin: '20px 0 0' }}
            aria-live="polite"
            aria-atomic="true"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
          >
            <blockquote className={h.quote}>“{current.quote}”</blockquote>
            <figcaption className={c.meta}>
              {current.author}
              <br />
              <em>{current.context}</em>
            </figcaption>
          </figure>
        ) : (
          <p className={c.empty}>No testimonials yet.</p>
        )}
        <div className={h.carouselControls}>
          <button
            type="button"
            className={h.roundButton}
            aria-label="Previous testimonial"
            onClick={() => setIndex((i) => wrapIndex(i, -1, items.length))}
          >
            <IconChevronLeft size={22} aria-hidden />
          </button>
          <span className={c.meta}>{items.length ? `${index + 1} / ${items.length}` : ''}</span>
          <button
            type="button"
            className={h.roundButton}
            aria-label="Next testimonial"
            onClick={() => setIndex((i) => wrapIndex(i, 1, items.length))}
          >
            <IconChevronRight size={22} aria-hidden />
          </button>
        </div>
      </div>
    </section>
  );
}
