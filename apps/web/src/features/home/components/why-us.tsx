import { ContentIcon } from '../../../components/ui/icon';
import { WHY_US } from '../../../content/how-it-works';

export function WhyUs() {
  return (
    <section
      aria-labelledby="pourquoi-title"
      className="bg-ink py-16 text-paper drawn-when-near-288 md:py-24 md:drawn-when-near-204"
    >
      <div className="container-page">
        <p className="eyebrow !text-gold">Pourquoi nous choisir</p>
        <h2 id="pourquoi-title" className="mt-3 max-w-2xl font-display text-4xl md:text-5xl">
          L’exigence d’une conciergerie, la simplicité d’une appli
        </h2>
        <ul className="mt-12 grid gap-px overflow-hidden rounded-2xl bg-paper/10 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_US.map((item) => (
            <li key={item.title} className="bg-ink p-7">
              <ContentIcon name={item.icon} className="h-7 w-7 text-gold" />
              <h3 className="mt-5 font-display text-2xl">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-paper/70">{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
