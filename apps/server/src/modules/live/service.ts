/** What other modules use of the live hub (modules/live): publishing to members' sockets. */
export { LiveHub, memberChannel, type LivePublisher, type LiveSocket } from './hub';
