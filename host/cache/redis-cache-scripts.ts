// The Lua scripts of RedisCacheStore (docs/cache.md "The Redis store"). Each runs atomically in
// Redis, so a check and the write it guards cannot be split by an invalidation of another host
// instance. Every script gets KEYS[1] = the state hash, KEYS[2] = the LRU sorted set,
// ARGV[1] = the key prefix (entry hashes and tag sets are named from it inside the script) and
// ARGV[2] = the highest sequence the calling instance has seen (Redis going back in time:
// redis-connections.ts).
//
// Layout under the prefix P:
//   P state     hash: seq (last sequence handed out), floor (entries and loads at or below it are
//               void), lfloor (loads at or below it are refused: the last invalidation's
//               sequence), bytes (sum of the stored values and their tags)
//   P lru       sorted set: cache key -> sequence of its last read or write (oldest goes first)
//   P e:<key>   hash: v (the value's JSON), n (its bytes), s (sequence of its load), t (tags JSON),
//               w (sequence of its write: the version a store's local copy is checked against)
//   P k:<tag>   set of the cache keys that carry the tag
//   P members   sorted set: instance id -> Redis time (ms) of its last heartbeat (bus leases)
//   P load:<key> string: <token>:<sequence> of the instance loading <key> for the cluster (short
//               expiry, renewed while it loads; void once an invalidation came after it)

const PRELUDE = `
local prefix = ARGV[1]
local seen = tonumber(ARGV[2]) or 0
local state = KEYS[1]
local lru = KEYS[2]

-- The floor below which every load and every stored entry is void. When Redis has lost the
-- state (FLUSHDB, a restart without persistence, eviction), or went back in time (a restart
-- from an older snapshot, a replica promoted with replication lag: its last sequence is below
-- one an instance has already seen), sequences start again from the server time in
-- microseconds (or just above the highest seen), above every sequence handed out before, and
-- the floor rises to that point: loads in flight are refused and older entries, those an
-- invalidation lost with the rollback included, read as misses. Never a stale value.
local function floor_of_state()
  local found = redis.call('HMGET', state, 'floor', 'seq')
  if found[1] and found[2] and tonumber(found[2]) >= seen then return tonumber(found[1]) end
  local now = redis.call('TIME')
  local seed = tonumber(now[1] .. string.format('%06d', tonumber(now[2])))
  if seed <= seen then seed = seen + 1 end
  local text = string.format('%d', seed)
  redis.call('HSET', state, 'seq', text, 'floor', text, 'lfloor', text)
  if not found[1] then redis.call('HSET', state, 'bytes', 0) end
  return seed
end

local function next_sequence()
  return redis.call('HINCRBY', state, 'seq', 1)
end

-- The server time in milliseconds.
local function server_ms()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end

-- The instances whose last heartbeat is at most window ms old: each may hold a bus lease.
local function live_members(window)
  return redis.call('ZRANGEBYSCORE', prefix .. 'members', server_ms() - window, '+inf')
end

-- Removes an entry, its tag memberships, its LRU position and its bytes.
local function remove_entry(key)
  local entry = prefix .. 'e:' .. key
  local found = redis.call('HMGET', entry, 'n', 't')
  if found[1] then
    for _, tag in ipairs(cjson.decode(found[2])) do redis.call('SREM', prefix .. 'k:' .. tag, key) end
    redis.call('HINCRBY', state, 'bytes', -tonumber(found[1]))
    redis.call('DEL', entry)
  end
  redis.call('ZREM', lru, key)
end

-- Whether a load that started at sequence was overtaken by an invalidation (of any tag: no
-- state is kept per tag, so invalidating tags that nothing carries leaves nothing behind).
local function overtaken(sequence)
  local lfloor = redis.call('HGET', state, 'lfloor')
  return lfloor ~= false and sequence <= tonumber(lfloor)
end

-- Whether every tag of the entry still indexes it. Redis may evict a tag's key set on its own
-- (allkeys-* policies): an invalidation then cannot find the entry, so a reader must not either.
local function indexed(key, tags)
  for _, tag in ipairs(tags) do
    if redis.call('SISMEMBER', prefix .. 'k:' .. tag, key) == 0 then return false end
  end
  return true
end

-- The bytes an entry counts against the limit: its value's JSON and its tags.
local function size_of(value, tags)
  local size = #value
  for _, tag in ipairs(tags) do size = size + #tag end
  return size
end
`;

/** `nextSequence`: returns a sequence above every one handed out before. */
export const NEXT_SEQUENCE_SCRIPT = `${PRELUDE}
floor_of_state()
return next_sequence()
`;

/**
 * `get`: ARGV[3] = cache key, ARGV[4] = the version of the caller's local copy (or ''). Returns
 * `{1, json, version}`, `{2}` when the caller's copy is still the stored one (the value is not
 * sent again), or `{0}` for a miss. An entry at or below the floor, or one that a tag's key set
 * no longer indexes (Redis evicted the set, so an invalidation may have missed it), reads as a
 * miss and is removed; a hit becomes the most recently used.
 */
export const GET_SCRIPT = `${PRELUDE}
local key = ARGV[3]
local floor = floor_of_state()
local entry = prefix .. 'e:' .. key
-- The value itself is read last, and only when the caller's copy is not the stored version.
local found = redis.call('HMGET', entry, 's', 't', 'w')
if not found[1] then return {0} end
if tonumber(found[1]) <= floor or not indexed(key, cjson.decode(found[2])) then
  remove_entry(key)
  return {0}
end
redis.call('ZADD', lru, next_sequence(), key)
if found[3] == ARGV[4] then return {2} end
return {1, redis.call('HGET', entry, 'v'), found[3]}
`;

/**
 * `set`: ARGV[3] = cache key, ARGV[4] = value JSON, ARGV[5] = sequence of the load, ARGV[6] =
 * tags JSON (an array of distinct strings), ARGV[7] = byte limit. Returns `{1, version}` when
 * stored, `{0}` when refused (an invalidation at or after the load's sequence, or the value and
 * its tags alone over the limit).
 * Then evicts the least recently used entries until the stored bytes fit the limit again.
 */
export const SET_SCRIPT = `${PRELUDE}
local key, value, tags_json = ARGV[3], ARGV[4], ARGV[6]
local sequence, max_bytes = tonumber(ARGV[5]), tonumber(ARGV[7])
local tags = cjson.decode(tags_json)
local size = size_of(value, tags)
local floor = floor_of_state()
if sequence <= floor or size > max_bytes or overtaken(sequence) then return {0} end
remove_entry(key)
local written = next_sequence()
local version = string.format('%d', written)
redis.call('HSET', prefix .. 'e:' .. key, 'v', value, 'n', size, 's', ARGV[5], 't', tags_json, 'w', version)
for _, tag in ipairs(tags) do redis.call('SADD', prefix .. 'k:' .. tag, key) end
redis.call('ZADD', lru, written, key)
local bytes = redis.call('HINCRBY', state, 'bytes', size)
while bytes > max_bytes do
  local oldest = redis.call('ZRANGE', lru, 0, 0)[1]
  if not oldest or oldest == key then
    -- Only reachable when Redis evicted our bookkeeping: count from this entry again.
    redis.call('HSET', state, 'bytes', size)
    break
  end
  remove_entry(oldest)
  bytes = tonumber(redis.call('HGET', state, 'bytes'))
end
return {1, version}
`;

/**
 * `invalidateTags`: ARGV[3] = pub/sub channel, ARGV[4] = message (a JSON object), ARGV[5] = the
 * members' registration window (ms), ARGV[6..] = tags. Takes a new sequence as the load floor
 * (every load that started before it is refused), deletes every entry carrying one of the tags
 * and publishes the message with that sequence as its `seq` (a decimal string), all at once;
 * nothing is recorded per tag. Returns `{sequence, members, incomplete}`: the ids of the instances
 * that may hold a bus lease (heard from within the window), whose confirmation or lease expiry
 * the caller waits for, and 1 when the member set may be incomplete (missing, or started again
 * within the window: Redis lost or evicted it), when the caller waits out a whole lease.
 */
export const INVALIDATE_SCRIPT = `${PRELUDE}
floor_of_state()
local sequence = next_sequence()
redis.call('HSET', state, 'lfloor', string.format('%d', sequence))
for i = 6, #ARGV do
  local tag = ARGV[i]
  local tag_keys = prefix .. 'k:' .. tag
  for _, key in ipairs(redis.call('SMEMBERS', tag_keys)) do remove_entry(key) end
  redis.call('DEL', tag_keys)
end
-- The message's closing brace gives way to its sequence (decoding and encoding it again would
-- turn an empty array into an object).
local message = string.sub(ARGV[4], 1, -2) .. ',"seq":"' .. string.format('%d', sequence) .. '"}'
redis.call('PUBLISH', ARGV[3], message)
-- Whether the member set may be incomplete: missing, or started again within the window.
local window = tonumber(ARGV[5])
local since = tonumber(redis.call('HGET', state, 'msince') or '')
local incomplete = 0
if redis.call('EXISTS', prefix .. 'members') == 0 or (since and since > server_ms() - window) then incomplete = 1 end
return {sequence, live_members(window), incomplete}
`;

/**
 * `heartbeat`: ARGV[3] = this instance's id, ARGV[4] = the registration window (ms),
 * ARGV[5..] = keys this instance served from its memory since its last heartbeat. Records the
 * instance in `P members` at the server time, forgets members silent for longer than the window,
 * and moves the served keys that are still stored to the young end of the LRU. Returns the
 * server time (ms).
 */
export const HEARTBEAT_SCRIPT = `${PRELUDE}
local had_state = redis.call('HEXISTS', state, 'seq') == 1
floor_of_state()
local now = server_ms()
local window = tonumber(ARGV[4])
-- The member set lost while Redis kept its state (deleted, or evicted under allkeys-random):
-- for one window, invalidations cannot know every lease holder and wait out a whole lease. A
-- Redis that lost everything (a restart) dropped every subscriber too: no lease survived it.
if had_state and redis.call('EXISTS', prefix .. 'members') == 0 then
  redis.call('HSET', state, 'msince', now)
end
redis.call('ZADD', prefix .. 'members', now, ARGV[3])
redis.call('ZREMRANGEBYSCORE', prefix .. 'members', '-inf', '(' .. (now - window))
if #ARGV >= 5 then
  local sequence = next_sequence()
  for i = 5, #ARGV do redis.call('ZADD', lru, 'XX', sequence, ARGV[i]) end
end
return now
`;

/** `leave`: ARGV[3] = this instance's id. Removes it from `P members` (it is closing). */
export const LEAVE_SCRIPT = `${PRELUDE}
redis.call('ZREM', prefix .. 'members', ARGV[3])
return 1
`;

/**
 * `claimLoad`: ARGV[3] = cache key, ARGV[4] = token, ARGV[5] = expiry (ms). Takes the cluster-wide
 * claim to load the key (stored as `<token>:<sequence>`) unless another instance holds one taken
 * after the last invalidation. Returns `{1, sequence}` when taken (the load's sequence: the
 * caller needs no `nextSequence`), or `{0, ms}`: held by another, for at most `ms` more.
 */
export const CLAIM_LOAD_SCRIPT = `${PRELUDE}
floor_of_state()
local claim = prefix .. 'load:' .. ARGV[3]
local held = redis.call('GET', claim)
if held then
  -- A claim taken before the last invalidation is worthless: its load will not be stored.
  local taken = tonumber(string.match(held, ':(%d+)$'))
  local lfloor = tonumber(redis.call('HGET', state, 'lfloor') or '')
  if not (taken and lfloor and taken <= lfloor) then return {0, redis.call('PTTL', claim)} end
end
local sequence = next_sequence()
redis.call('SET', claim, ARGV[4] .. ':' .. string.format('%d', sequence), 'PX', tonumber(ARGV[5]))
return {1, sequence}
`;

/**
 * `renewLoad`: ARGV[3] = cache key, ARGV[4] = token, ARGV[5] = expiry (ms). Extends the claim while
 * its holder still loads (when it is still this token's). Returns 1 when extended.
 */
export const RENEW_LOAD_SCRIPT = `${PRELUDE}
local claim = prefix .. 'load:' .. ARGV[3]
local held = redis.call('GET', claim)
if held and string.find(held, ARGV[4] .. ':', 1, true) == 1 then
  redis.call('PEXPIRE', claim, tonumber(ARGV[5]))
  return 1
end
return 0
`;

/**
 * `releaseLoad`: ARGV[3] = cache key, ARGV[4] = token, ARGV[5] = channel. Drops the claim when it
 * is still this token's, and then tells the waiters on the channel (the key, as the message).
 */
export const RELEASE_LOAD_SCRIPT = `${PRELUDE}
local claim = prefix .. 'load:' .. ARGV[3]
local held = redis.call('GET', claim)
if held and string.find(held, ARGV[4] .. ':', 1, true) == 1 then
  redis.call('DEL', claim)
  redis.call('PUBLISH', ARGV[5], ARGV[3])
end
return 1
`;
