import { ContentIcon } from '../../../components/ui/icon';
import { HOME_STEPS } from '../../../content/how-it-works';

export function HomeSteps() {
  return (
    <section
      aria-labelledby="etapes-title"
      className="container-page py-16 drawn-when-near-216 md:py-24 md:drawn-when-near-136"
    >
      <p className="eyebrow">Comment ça marche</p>
      <h2 id="etapes-title" className="mt-3 font-display text-4xl text-ink md:text-5xl">
        Trois étapes, zéro contrainte
      </h2>
      <ol className="mt-12 grid gap-10 md:grid-cols-3">
        {HOME_STEPS.map((step, index) => (
          <li key={step.title} className="relative">
            <div className="flex items-center gap-4">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ink text-gold">
                <ContentIcon name={step.icon} className="h-5 w-5" />
              </span>
              <span aria-hidden="true" className="h-px flex-1 bg-mist" />
              <span className="font-display text-3xl text-gold-deep">0{index + 1}</span>
            </div>
            <h3 className="mt-6 font-display text-2xl text-ink">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-graphite">{step.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
