import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * True when the request comes straight from this machine: the socket's peer is a loopback address
 * (never a header, which a client writes itself) and no proxy says it forwarded the request, so a
 * reverse proxy on the same machine does not make every visitor look local.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.raw.socket?.remoteAddress) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}
