import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This process among the instances sharing one database: host, process id and a random tag. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
