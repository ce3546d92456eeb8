import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@vroum/core/api';
import {
  OutboxMail,
  OutboxMailList,
  OutboxMailListQuery,
  WelcomeEmailRequest,
  WelcomeEmailResult,
} from '@vroum/core/mail';
import { notFound } from '../../lib/app-error';
import { userOf } from '../../plugins/audience';
import { findOutboxMail, listOutboxMails } from './mail.repository';
import { requestWelcomeMail } from './mail.service';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminErrors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

  /**
   * The outbox is the demo mailbox of the built-in mail adapter; a real deployment does not expose
   * it. Its readers are the administrators (the staff gate of /admin).
   */
  function requireDemoMailbox() {
    if (!app.config.demoMode) {
      throw notFound(
        'La boîte d’envoi n’est consultable qu’en mode démonstration.',
        'mailbox_unavailable',
      );
    }
  }

  app.get(
    '/admin/mails',
    {
      schema: {
        tags: ['administration'],
        summary: 'Boîte d’envoi (mode démonstration) : e-mails du plus récent au plus ancien',
        querystring: OutboxMailListQuery,
        response: { 200: OutboxMailList, ...adminErrors },
      },
    },
    async (request) => {
      requireDemoMailbox();
      const { page, pageSize } = request.query;
      return { ...(await listOutboxMails(app.db, { page, pageSize })), page, pageSize };
    },
  );

  app.get(
    '/admin/mails/:id',
    {
      schema: {
        tags: ['administration'],
        summary: 'Un e-mail de la boîte d’envoi, avec ses versions texte et HTML',
        params: z.object({ id: z.uuid('Identifiant d’e-mail invalide.') }),
        response: { 200: OutboxMail, ...adminErrors },
      },
    },
    async (request) => {
      requireDemoMailbox();
      const mail = await findOutboxMail(app.db, request.params.id);
      if (!mail) throw notFound('E-mail introuvable.', 'mail_not_found');
      return mail;
    },
  );

  app.post(
    '/me/welcome-email',
    {
      config: { audience: 'signed-in' },
      schema: {
        tags: ['compte'],
        summary: 'E-mail de bienvenue, envoyé une seule fois par compte',
        body: WelcomeEmailRequest,
        response: { 200: WelcomeEmailResult, 400: ApiError, 401: ApiError },
      },
    },
    async (request) => {
      const user = userOf(request);
      return requestWelcomeMail(app.db, app.config.site, user, request.body.firstName);
    },
  );
};
