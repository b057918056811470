import { HttpError } from '../../lib/errors';

/** The payment provider did not answer as it should: the request was fine, the upstream was not. */
export const badGateway = (message: string) => new HttpError(502, message);
