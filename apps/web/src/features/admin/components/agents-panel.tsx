import { TextField } from '../../../components/form/form-field';
import { useFormState } from '../../../components/form/use-form-state';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useAddAgent, useAgents, useRemoveAgent } from '../api/planning-api';
import { errorMessage } from './states';

/** The agents who deliver and collect the cars: an account is named agent by its e-mail. */
export function AgentsPanel() {
  const agents = useAgents();
  const add = useAddAgent();
  const remove = useRemoveAgent();
  const form = useFormState({
    initial: { email: '' },
    save: ({ email }) => add.mutateAsync(email.trim()),
    onSaved: () => {
      form.set('email', '');
      notify.success('Succès', 'Agent ajouté');
    },
  });
  const { email } = form.values;

  return (
    <section aria-labelledby="agents-title" className="rounded-2xl bg-ivory p-5">
      <h3 id="agents-title" className="font-display text-2xl text-ink">
        Agents
      </h3>
      <ul className="mt-3 grid gap-2 text-sm">
        {(agents.data?.agents ?? []).map((agent) => (
          <li key={agent.id} className="flex items-center justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className="font-semibold text-ink">{agent.name}</span> · {agent.email}
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Retirer ${agent.name}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(agent.id, {
                  onSuccess: () => notify.success('Succès', 'Agent retiré'),
                  onError: (error) => notify.error('Erreur', errorMessage(error)),
                })
              }
            >
              Retirer
            </Button>
          </li>
        ))}
        {agents.data?.agents.length === 0 && (
          <li className="text-stone">Aucun agent pour le moment.</li>
        )}
      </ul>
      <form onSubmit={form.submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id="agent-email"
          label="E-mail du compte à nommer agent"
          type="email"
          {...form.bind('email')}
          error={form.errors.email}
          required
          className="grow"
        />
        <Button type="submit" disabled={form.busy || add.isPending || !email.trim()}>
          Ajouter l’agent
        </Button>
      </form>
    </section>
  );
}
