/**
 * Stripe Identity in the local Stripe server: VerificationSessions (document checks), their
 * lifecycle (requires_input → processing → verified, or back to requires_input with the reason),
 * cancellation, redaction, and the `identity.verification_session.*` events. The server mounts it
 * with its router, clock, event log and error helpers.
 */

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

export interface FakeKit {
  route(
    method: string,
    pattern: RegExp,
    handler: (params: Params, match: RegExpExecArray) => Json,
  ): void;
  now(): number;
  /** Records an event with a copy of the object, as a webhook endpoint would receive it. */
  emit(type: string, object: Json): void;
  randomId(prefix: string, length?: number): string;
  baseUrl(): string;
  /** An error answered in Stripe's shape; `saved: false` keeps it out of the idempotency store. */
  invalid(message: string, extra?: Json, status?: number, saved?: boolean): Error;
  missingParam(param: string): Error;
  noSuch(object: string, id: string, param?: string): Error;
  asRecord(value: unknown): Record<string, string>;
  toList(value: unknown): string[];
}

export type IdentityOutcome =
  | {
      verified: {
        firstName: string;
        lastName: string;
        dob: { day: number; month: number; year: number };
      };
    }
  | { error: { code: string; reason: string } };

export interface IdentityFake {
  verificationSessions: Map<string, Json>;
  /** The VerificationSession as the API returns it (`verified_outputs` only when expanded). */
  verificationSession(id: string, expand?: string[]): Json;
  /** The customer goes through the hosted page; the check passes or fails with that reason. */
  completeIdentity(id: string, outcome: IdentityOutcome): Json;
  /** Stripe finishes deleting the data of a session being redacted. */
  completeRedaction(id: string): Json;
}

const CREATE_PARAMS = [
  'client_reference_id',
  'expand',
  'metadata',
  'options',
  'provided_details',
  'related_customer',
  'related_customer_account',
  'related_person',
  'return_url',
  'type',
  'verification_flow',
];
const UPDATE_PARAMS = ['expand', 'metadata', 'options', 'provided_details', 'type'];
const TYPES = ['document', 'id_number'];
const DOCUMENT_OPTIONS = [
  'allowed_types',
  'require_id_number',
  'require_live_capture',
  'require_matching_selfie',
];
const DOCUMENT_TYPES = ['driving_license', 'id_card', 'passport'];
const EXPANDABLE = ['verified_outputs', 'verified_outputs.dob'];

const isObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function mountIdentity(kit: FakeKit): IdentityFake {
  const sessions = new Map<string, Json>();
  const { invalid } = kit;
  /** Parameter errors are answered at once and not kept under the idempotency key. */
  const badParam = (message: string, param: string) => invalid(message, { param }, 400, false);

  function rejectUnknown(params: Params, allowed: string[], prefix = '') {
    for (const key of Object.keys(params)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      if (!allowed.includes(key)) throw badParam(`Received unknown parameter: ${name}`, name);
    }
  }

  function readBoolean(value: unknown, param: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw badParam(`Invalid boolean: ${String(value)}`, param);
    }
    return value === 'true';
  }

  function checkType(type: string) {
    if (!TYPES.includes(type)) {
      throw badParam(`Invalid type: must be one of ${TYPES.join(' or ')}`, 'type');
    }
  }

  /** `options` as Stripe checks them for that type; returns the options the session keeps. */
  function readOptions(params: Params, type: string): Json {
    if (params.options === undefined || params.options === '') return {};
    if (!isObject(params.options)) throw badParam('Invalid hash', 'options');
    rejectUnknown(params.options, ['document'], 'options');
    const document = params.options.document;
    if (document === undefined || document === '') return {};
    if (!isObject(document)) throw badParam('Invalid hash', 'options[document]');
    if (type !== 'document') {
      throw badParam(
        'options[document] can only be used with a VerificationSession of type document.',
        'options[document]',
      );
    }
    rejectUnknown(document, DOCUMENT_OPTIONS, 'options[document]');
    const kept: Json = {};
    if (document.allowed_types !== undefined) {
      const types = Array.isArray(document.allowed_types) ? document.allowed_types : [null];
      types.forEach((value, index) => {
        if (typeof value !== 'string' || !DOCUMENT_TYPES.includes(value)) {
          throw badParam(
            `Invalid options[document][allowed_types][${index}]: must be one of ${DOCUMENT_TYPES.join(', ')}`,
            `options[document][allowed_types][${index}]`,
          );
        }
      });
      kept.allowed_types = types;
    }
    for (const flag of DOCUMENT_OPTIONS.slice(1)) {
      const value = readBoolean(document[flag], `options[document][${flag}]`);
      if (value !== undefined) kept[flag] = value;
    }
    return { document: kept };
  }

  function expandOf(params: Params): string[] {
    const expand = kit.toList(params.expand);
    for (const path of expand) {
      if (!EXPANDABLE.includes(path)) {
        throw badParam(`This property cannot be expanded (${path}).`, 'expand');
      }
    }
    return expand;
  }

  function render(session: Json, expand: string[]): Json {
    const out = structuredClone(session);
    // Expanding a nested path expands its parent too.
    if (!expand.some((path) => path.startsWith('verified_outputs'))) {
      delete out.verified_outputs;
    } else if (isObject(out.verified_outputs) && !expand.includes('verified_outputs.dob')) {
      delete out.verified_outputs.dob;
    }
    return out;
  }

  function getSession(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw kit.noSuch('identity.verification_session', id, 'session');
    return session;
  }

  const emit = (session: Json, type: string) =>
    kit.emit(`identity.verification_session.${type}`, render(session, []));

  /** A new single-use link to the hosted page (and client secret), while input is needed. */
  function openForInput(session: Json) {
    const token = kit.randomId('test', 32).slice(5);
    Object.assign(session, {
      status: 'requires_input',
      url: `${kit.baseUrl()}/verify/start/test_${token}`,
      client_secret: `${String(session.id)}_secret_test_${token}`,
    });
  }

  function closeInput(session: Json, status: string) {
    Object.assign(session, { status, url: null, client_secret: null });
  }

  kit.route('POST', /^\/v1\/identity\/verification_sessions$/, (params) => {
    rejectUnknown(params, CREATE_PARAMS);
    const type = typeof params.type === 'string' ? params.type : undefined;
    if (!type) throw kit.missingParam('type');
    checkType(type);
    const options = readOptions(params, type);
    const returnUrl = params.return_url;
    if (returnUrl !== undefined && (typeof returnUrl !== 'string' || !URL.canParse(returnUrl))) {
      throw badParam('Not a valid URL', 'return_url');
    }
    const session: Json = {
      id: kit.randomId('vs'),
      object: 'identity.verification_session',
      client_reference_id:
        typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      client_secret: null,
      created: kit.now(),
      last_error: null,
      last_verification_report: null,
      livemode: false,
      metadata: kit.asRecord(params.metadata),
      options,
      provided_details: null,
      redaction: null,
      related_customer:
        typeof params.related_customer === 'string' ? params.related_customer : null,
      related_customer_account: null,
      status: 'requires_input',
      type,
      url: null,
      verified_outputs: null,
    };
    openForInput(session);
    sessions.set(session.id as string, session);
    emit(session, 'created');
    return render(session, expandOf(params));
  });

  kit.route('GET', /^\/v1\/identity\/verification_sessions\/([^/]+)$/, (params, m) =>
    render(getSession(m[1]!), expandOf(params)),
  );

  kit.route('POST', /^\/v1\/identity\/verification_sessions\/([^/]+)$/, (params, m) => {
    const session = getSession(m[1]!);
    rejectUnknown(params, UPDATE_PARAMS);
    if (session.status !== 'requires_input' || session.redaction) {
      throw invalid(
        `You can only update a VerificationSession with a status of requires_input (this one is ${String(session.status)}).`,
      );
    }
    if (params.type !== undefined || params.options !== undefined) {
      const type = typeof params.type === 'string' ? params.type : String(session.type);
      checkType(type);
      // Options are kept unless given again, or dropped with a change of type.
      const options =
        params.options !== undefined
          ? readOptions(params, type)
          : type === session.type
            ? session.options
            : {};
      Object.assign(session, { type, options });
    }
    if (params.metadata === '') session.metadata = {};
    else if (isObject(params.metadata)) {
      const metadata = { ...(session.metadata as Record<string, string>) };
      for (const [key, value] of Object.entries(kit.asRecord(params.metadata))) {
        // An empty value unsets the key.
        if (value === '') delete metadata[key];
        else metadata[key] = value;
      }
      session.metadata = metadata;
    }
    return render(session, expandOf(params));
  });

  kit.route('POST', /^\/v1\/identity\/verification_sessions\/([^/]+)\/cancel$/, (params, m) => {
    const session = getSession(m[1]!);
    if (session.status !== 'requires_input') {
      throw invalid(
        `You cannot cancel this VerificationSession because it has a status of ${String(session.status)}. Only a VerificationSession with a status of requires_input may be canceled.`,
      );
    }
    closeInput(session, 'canceled');
    emit(session, 'canceled');
    return render(session, expandOf(params));
  });

  kit.route('POST', /^\/v1\/identity\/verification_sessions\/([^/]+)\/redact$/, (params, m) => {
    const session = getSession(m[1]!);
    if (session.redaction) {
      throw invalid(`This VerificationSession (${String(session.id)}) has already been redacted.`);
    }
    if (session.status === 'processing') {
      throw invalid(
        'You cannot redact this VerificationSession while it is processing. Try again once its status is requires_input, verified or canceled.',
      );
    }
    // Redacting a session still waiting for input cancels it.
    if (session.status === 'requires_input') {
      closeInput(session, 'canceled');
      emit(session, 'canceled');
    }
    Object.assign(session, {
      redaction: { status: 'processing' },
      metadata: {},
      verified_outputs: null,
    });
    return render(session, expandOf(params));
  });

  return {
    verificationSessions: sessions,
    verificationSession: (id, expand = []) => render(getSession(id), expand),
    completeIdentity(id, outcome) {
      const session = getSession(id);
      if (session.status !== 'requires_input' || session.redaction) {
        throw new Error(`${id} is ${String(session.status)}, not waiting for input`);
      }
      closeInput(session, 'processing');
      session.last_verification_report = kit.randomId('vr');
      emit(session, 'processing');
      if ('verified' in outcome) {
        const { firstName, lastName, dob } = outcome.verified;
        Object.assign(session, {
          status: 'verified',
          last_error: null,
          verified_outputs: {
            address: null,
            dob: { ...dob },
            email: null,
            first_name: firstName,
            id_number: null,
            id_number_type: null,
            last_name: lastName,
            phone: null,
          },
        });
        emit(session, 'verified');
      } else {
        openForInput(session);
        Object.assign(session, { last_error: { ...outcome.error }, verified_outputs: null });
        emit(session, 'requires_input');
      }
      return render(session, []);
    },
    completeRedaction(id) {
      const session = getSession(id);
      if ((session.redaction as { status?: string } | null)?.status !== 'processing') {
        throw new Error(`${id} is not being redacted`);
      }
      session.redaction = { status: 'redacted' };
      emit(session, 'redacted');
      return render(session, []);
    },
  };
}
