--[[
JSON for the plug-in's calls: Lightroom's Lua carries no JSON module. Decodes what the site
answers (objects, arrays, strings with escapes, numbers, true, false, null) and encodes the
request bodies the plug-in sends (tables of strings, numbers and booleans). Runs on Lightroom's
Lua 5.1 and on Lua 5.4, where the tests run it.
]]

local JSON = {}

--- The value JSON's null decodes to, and that encodes as null: a table, so it survives in a table.
JSON.null = setmetatable({}, { __tostring = function() return 'null' end })

local escapes = { ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f', n = '\n', r = '\r', t = '\t' }

local function utf8Char(code)
  if code < 0x80 then
    return string.char(code)
  elseif code < 0x800 then
    return string.char(0xC0 + math.floor(code / 0x40), 0x80 + code % 0x40)
  elseif code < 0x10000 then
    return string.char(0xE0 + math.floor(code / 0x1000), 0x80 + math.floor(code / 0x40) % 0x40, 0x80 + code % 0x40)
  end
  return string.char(
    0xF0 + math.floor(code / 0x40000),
    0x80 + math.floor(code / 0x1000) % 0x40,
    0x80 + math.floor(code / 0x40) % 0x40,
    0x80 + code % 0x40
  )
end

local function decodeError(text, at, what)
  error(string.format('The site answered something that is not JSON (%s at character %d): %s', what, at, text:sub(1, 200)), 0)
end

local decodeValue

local function skipSpace(text, at)
  return text:find('[^ \t\r\n]', at) or #text + 1
end

local function decodeString(text, at)
  -- `at` is just past the opening quote.
  local parts = {}
  local i = at
  while true do
    local stop = text:find('["\\]', i)
    if not stop then decodeError(text, at, 'an unfinished string') end
    parts[#parts + 1] = text:sub(i, stop - 1)
    if text:sub(stop, stop) == '"' then return table.concat(parts), stop + 1 end
    local kind = text:sub(stop + 1, stop + 1)
    if kind == 'u' then
      local code = tonumber(text:sub(stop + 2, stop + 5), 16)
      if not code then decodeError(text, stop, 'a bad \\u escape') end
      i = stop + 6
      -- A character beyond the Basic Multilingual Plane comes as a surrogate pair.
      if code >= 0xD800 and code <= 0xDBFF and text:sub(i, i + 1) == '\\u' then
        local low = tonumber(text:sub(i + 2, i + 5), 16)
        if low and low >= 0xDC00 and low <= 0xDFFF then
          code = 0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)
          i = i + 6
        end
      end
      parts[#parts + 1] = utf8Char(code)
    else
      local char = escapes[kind]
      if not char then decodeError(text, stop, 'a bad escape') end
      parts[#parts + 1] = char
      i = stop + 2
    end
  end
end

local function decodeArray(text, at)
  local result = {}
  local i = skipSpace(text, at)
  if text:sub(i, i) == ']' then return result, i + 1 end
  while true do
    local value
    value, i = decodeValue(text, i)
    result[#result + 1] = value
    i = skipSpace(text, i)
    local char = text:sub(i, i)
    if char == ']' then return result, i + 1 end
    if char ~= ',' then decodeError(text, i, 'a missing comma in an array') end
    i = i + 1
  end
end

local function decodeObject(text, at)
  local result = {}
  local i = skipSpace(text, at)
  if text:sub(i, i) == '}' then return result, i + 1 end
  while true do
    i = skipSpace(text, i)
    if text:sub(i, i) ~= '"' then decodeError(text, i, 'a key that is not a string') end
    local key
    key, i = decodeString(text, i + 1)
    i = skipSpace(text, i)
    if text:sub(i, i) ~= ':' then decodeError(text, i, 'a missing colon') end
    local value
    value, i = decodeValue(text, i + 1)
    result[key] = value
    i = skipSpace(text, i)
    local char = text:sub(i, i)
    if char == '}' then return result, i + 1 end
    if char ~= ',' then decodeError(text, i, 'a missing comma in an object') end
    i = i + 1
  end
end

decodeValue = function(text, at)
  local i = skipSpace(text, at)
  local char = text:sub(i, i)
  if char == '{' then return decodeObject(text, i + 1) end
  if char == '[' then return decodeArray(text, i + 1) end
  if char == '"' then return decodeString(text, i + 1) end
  if text:sub(i, i + 3) == 'true' then return true, i + 4 end
  if text:sub(i, i + 4) == 'false' then return false, i + 5 end
  if text:sub(i, i + 3) == 'null' then return JSON.null, i + 4 end
  local number = text:match('^-?%d+%.?%d*[eE]?[-+]?%d*', i)
  if number and number ~= '' and tonumber(number) then return tonumber(number), i + #number end
  decodeError(text, i, 'an unexpected character')
end

--- Decodes one JSON text; raises an error naming what was wrong.
function JSON.decode(text)
  if type(text) ~= 'string' then error('The site sent no answer', 0) end
  local value, i = decodeValue(text, 1)
  if skipSpace(text, i) <= #text then decodeError(text, i, 'text after the value') end
  return value
end

local function encodeString(value)
  return '"' .. value:gsub('[%c"\\]', function(char)
    if char == '"' then return '\\"' end
    if char == '\\' then return '\\\\' end
    if char == '\n' then return '\\n' end
    if char == '\r' then return '\\r' end
    if char == '\t' then return '\\t' end
    return string.format('\\u%04x', char:byte())
  end) .. '"'
end

local encodeValue

local function isArray(value)
  local count = 0
  for _ in pairs(value) do count = count + 1 end
  return count == #value and (count > 0 or getmetatable(value) == JSON.arrayMeta)
end

--- Marks an empty table to encode as [] rather than {}.
JSON.arrayMeta = {}
function JSON.array(value)
  return setmetatable(value or {}, JSON.arrayMeta)
end

encodeValue = function(value)
  local kind = type(value)
  if value == nil or value == JSON.null then return 'null' end
  if kind == 'boolean' then return tostring(value) end
  if kind == 'number' then
    if value ~= value or value == math.huge or value == -math.huge then error('JSON has no NaN or infinity', 0) end
    if value == math.floor(value) and math.abs(value) < 2 ^ 53 then return string.format('%d', value) end
    return string.format('%.17g', value)
  end
  if kind == 'string' then return encodeString(value) end
  if kind == 'table' then
    local parts = {}
    if isArray(value) then
      for _, item in ipairs(value) do parts[#parts + 1] = encodeValue(item) end
      return '[' .. table.concat(parts, ',') .. ']'
    end
    local keys = {}
    for key in pairs(value) do keys[#keys + 1] = tostring(key) end
    -- Sorted, so one request is always the same text.
    table.sort(keys)
    for _, key in ipairs(keys) do parts[#parts + 1] = encodeString(key) .. ':' .. encodeValue(value[key]) end
    return '{' .. table.concat(parts, ',') .. '}'
  end
  error('JSON cannot hold a ' .. kind, 0)
end

--- Encodes a table of strings, numbers, booleans (and JSON.null) as JSON text.
function JSON.encode(value)
  return encodeValue(value)
end

return JSON
