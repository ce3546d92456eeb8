import { BadgeCheck, Star } from 'lucide-react';
import { TESTIMONIALS, type Testimonial } from '../../../content/how-it-works';
import { formatLongDate } from '../../../lib/format';

export function Testimonials() {
  return (
    <section
      aria-labelledby="avis-title"
      className="bg-ivory py-16 drawn-when-near-336 md:py-24 md:drawn-when-near-272"
    >
      <div className="container-page">
        <p className="eyebrow">Ils nous ont fait confiance</p>
        <h2 id="avis-title" className="mt-3 font-display text-4xl text-ink md:text-5xl">
          L’avis de nos clients
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-paper p-7 shadow-sm">
      <div
        className="flex gap-0.5"
        role="img"
        aria-label={`Note\u00a0: ${testimonial.rating} sur 5`}
      >
        {[1, 2, 3, 4, 5].map((value) => (
          <Star
            key={value}
            aria-hidden="true"
            className={`h-4 w-4 ${value <= testimonial.rating ? 'fill-gold text-gold' : 'text-mist'}`}
          />
        ))}
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-graphite">
        «&nbsp;{testimonial.comment} »
      </blockquote>
      <figcaption className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-ink">{testimonial.userName}</span>
        <time dateTime={testimonial.date} className="text-stone">
          {formatLongDate(testimonial.date)}
        </time>
        {testimonial.verified && (
          <span className="inline-flex items-center gap-1 rounded-full bg-gold-soft px-2 py-0.5 text-xs font-semibold text-gold-deep">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Client vérifié
          </span>
        )}
      </figcaption>
      {testimonial.response && (
        <div className="mt-5 rounded-xl border-l-2 border-gold bg-ivory p-4 text-sm text-graphite">
          <p className="mb-1 font-semibold text-ink">Réponse de l’équipe</p>
          <p>{testimonial.response}</p>
        </div>
      )}
    </figure>
  );
}
