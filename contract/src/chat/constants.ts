/** Spec 002 §9 and §4: every chat timing and limit, once, for server, web and bench. */
export const CHAT = {
  /** Client ping interval (spec: heartbeat every 25 s). */
  heartbeatMs: 25_000,
  /** The server drops a socket that has sent nothing for this long (two missed heartbeats plus slack). */
  idleTimeoutMs: 60_000,
  maxReconnectAttempts: 5,
  reconnectBaseMs: 1_000,
  reconnectCapMs: 30_000,
  autoConnectDelayMs: 2_000,
  normalCloseCode: 1000,
  messageTimeoutMs: 10_000,
  typingClearMs: 2_000,
  typingClearInputMs: 1_000,
  inputMaxHeightPx: 120,
  chatAreaHeightPx: 600,
  pageSize: 50,
  maxPageSize: 100,
  /** Longest message text, in characters (keeps every frame well under NOTIFY's 8 kB). */
  maxMessageLength: 2_000,
  maxRoomNameLength: 60,
  maxRoomDescriptionLength: 300,
  /** Flood control: at most this many messages per sender in the window, per room. */
  floodMaxMessages: 12,
  floodWindowMs: 10_000,
  /** Default chat file limit (10 MB). */
  maxFileSize: 10_485_760,
  prayerRoomMaxFileSize: 5_242_880,
  searchMaxResults: 50,
  maxEmojiLength: 16,
  /** Open sockets one person may hold (tabs and devices); a further one closes their oldest with `tooManySockets`. */
  maxSocketsPerUser: 5,
  /** Presence and typing frames one person may send in the window, summed over all their sockets. */
  signalMaxPerUser: 20,
  signalWindowMs: 10_000,
} as const;

/** Close codes the server uses when it refuses or ends a socket (4000–4999 are application codes). */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  unauthorized: 4001,
  /** The person's sessions were ended (password, e-mail or role change, account disabled or deleted). */
  sessionEnded: 4002,
  /** The church requires two-factor sign-in for the person's role and they have not set it up (issue 29). */
  forbidden: 4003,
  idle: 4008,
  /** The person opened more sockets than CHAT.maxSocketsPerUser: this, their oldest, was closed. */
  tooManySockets: 4009,
} as const;

/** Reasons sent with a refused socket: a person (or a developer) can act on them. */
export const CLOSE_REASONS = {
  missingToken: 'Please login to use chat',
  badToken: 'Your session has expired or is not valid. Please sign in again.',
  idle: 'No heartbeat received; connection closed',
  shutdown: 'Server is restarting; please reconnect',
  /** The server lost the database for a while and may have missed messages sent meanwhile: reconnecting reloads them. */
  resync: 'Chat was interrupted for a moment; reconnecting to catch up',
  sessionEnded: 'Your session has changed; please reconnect',
  tooManySockets: 'Chat is open in too many tabs or devices; this older one was closed',
  badOrigin: 'This page may not open the chat connection',
  twoFactorSetupRequired: 'Your church requires two-factor sign-in for your role. Set it up under Profile › Security.',
} as const;

/** Spec 002 §8 — chat texts, exactly. */
export const CHAT_TEXTS = {
  loginRequired: 'Please login to use chat',
  connected: 'Chat connected',
  connectionError: 'Chat connection error',
  connectFailed: 'Failed to connect to chat',
  connectionLost: 'Chat connection lost. Please refresh the page.',
  messageFailed: (reason: string) => `Message failed: ${reason}`,
  serverError: 'Chat error occurred',
  notConnected: 'Not connected to chat',
  connectionNotOpen: 'Chat connection is not open',
  cannotSendDisconnected: 'Cannot send messages - chat disconnected',
  sendFailed: 'Failed to send message',
  joinFailed: 'Failed to join room',
  leaveFailed: 'Failed to leave room',
  reactFailed: 'Failed to react to message',
  timeout: 'Timeout - no server response',
  loadRoomsFailed: 'Failed to load chat rooms',
  loadMessagesFailed: 'Failed to load messages',
  fileTooLarge: 'File size must be less than 10MB',
  fileTypeNotAllowed: 'File type not allowed',
  unknownUser: 'Unknown User',
  noMessages: 'No messages yet',
  startConversation: 'Start the conversation!',
  selectRoom: 'Select a chat room to start messaging',
} as const;

/** Server-side reasons (our own wording; the spec leaves them open). */
export const CHAT_ERRORS = {
  emptyMessage: 'Message cannot be empty',
  tooLong: `Message is too long (at most ${CHAT.maxMessageLength} characters)`,
  notMember: 'Join this room to read and send its messages',
  announceOnly: 'Only church leaders can post in announcement rooms',
  flood: 'You are sending messages too quickly. Please wait a moment.',
  slowMode: (seconds: number) => `Slow mode is on: wait ${seconds} seconds between messages`,
  roomNotFound: 'Chat room not found',
  messageNotFound: 'Message not found',
  invalidFrame: 'That message could not be understood',
  filesNotAllowed: 'Files are not allowed in this room',
  imagesNotAllowed: 'Images are not allowed in this room',
  repliedToMissing: 'The message you are replying to is not in this room',
} as const;
