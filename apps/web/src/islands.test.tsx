import { ASSISTANT_NAME } from '@vroum/core/chat-text';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureRenderer, renderPage } from './entry-server';
import { t } from './lib/i18n/messages';
import { jsonResponse } from './test/responses';

beforeAll(() => {
  configureRenderer({
    site: {},
    fetchApi: async (url) =>
      url.startsWith('/api/v1/vehicles?')
        ? jsonResponse({ vehicles: [] })
        : jsonResponse({ error: { code: 'not_found', message: 'Introuvable.' } }, 404),
  });
  // A visitor who is not signed in.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/get-session') ? jsonResponse(null) : jsonResponse({}, 404),
    ),
  );
});

afterEach(() => vi.restoreAllMocks());

describe('the home page hydrated as islands', () => {
  it('takes over the header, the booking module and the assistant exactly as the server rendered them', async () => {
    const page = await renderPage('/');
    expect(page).not.toBeNull();
    document.body.innerHTML = `<div id="root">${page!.html}</div>${page!.stateElement}`;
    const rendered = document.getElementById('root')!.innerHTML;
    const complaints = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];

    // The browser's modules, apart from the server renderer's (as in a browser).
    vi.resetModules();
    await import('./islands');
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));

    // React says nothing when what it renders is what the server sent (a mismatched attribute
    // included): the page is left as it was.
    for (const complaint of complaints) expect(complaint).not.toHaveBeenCalled();
    expect(document.getElementById('root')!.innerHTML).toBe(rendered);
    expect(document.querySelectorAll('[data-island]')).toHaveLength(3);

    // The islands respond: the account menu opens, with links that load their page; so does the
    // assistant.
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: t.account.signedOutTrigger })[0]!);
    expect(screen.getByRole('menuitem', { name: t.account.signIn })).toHaveAttribute(
      'href',
      '/auth',
    );
    await user.click(
      screen.getByRole('button', { name: `Discuter avec ${ASSISTANT_NAME}, notre assistant` }),
    );
    expect(
      screen.getByRole('button', { name: `Fermer l’assistant ${ASSISTANT_NAME}` }),
    ).toHaveAttribute('aria-expanded', 'true');
  });
});
