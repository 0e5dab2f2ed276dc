--[[
A stand-in for the parts of Lightroom Classic's SDK the Atelier plug-in calls, so its Lua runs
under a plain Lua with the real site on the other end: LrHttp goes through curl, the catalog is a
table the driver (drive.lua) keeps in a JSON file between runs, as Lightroom keeps its catalog.
Only what the plug-in calls is here; a call it does not know fails loudly.
]]

local sdk = {}

local function shellQuote(value)
  return "'" .. tostring(value):gsub("'", "'\\''") .. "'"
end

local function readAll(path)
  local file = io.open(path, 'rb')
  if not file then return nil end
  local content = file:read('*a')
  file:close()
  return content
end

local function writeAll(path, content)
  local file = assert(io.open(path, 'wb'))
  file:write(content)
  file:close()
end

--- Set by the driver: how its JSON marks a table as an array.
sdk.arrayMeta = nil

--- Every call the plug-in made: method, URL and headers, for the test to read.
sdk.requests = {}

--- Runs curl; returns the body and Lightroom's response table ({ status }, or { error } without an answer).
local function curl(method, url, headers, args)
  local bodyPath, errorPath = os.tmpname(), os.tmpname()
  local command = { 'curl', '--silent', '--show-error', '--request', method, '--output', shellQuote(bodyPath), '--write-out', "'%{http_code}'" }
  local seen = {}
  for _, header in ipairs(headers or {}) do
    command[#command + 1] = '--header ' .. shellQuote(header.field .. ': ' .. header.value)
    seen[#seen + 1] = header.field
  end
  for _, arg in ipairs(args) do command[#command + 1] = arg end
  command[#command + 1] = shellQuote(url)
  local pipe = assert(io.popen(table.concat(command, ' ') .. ' 2>' .. shellQuote(errorPath)))
  local written = pipe:read('*a')
  pipe:close()
  local body = readAll(bodyPath)
  local problem = readAll(errorPath)
  os.remove(bodyPath)
  os.remove(errorPath)
  local status = tonumber(written:match('(%d%d%d)$'))
  sdk.requests[#sdk.requests + 1] = { method = method, url = url, headers = setmetatable(seen, sdk.arrayMeta), status = status or 0 }
  if not status or status == 0 then
    return nil, { error = { errorCode = 'networkError', name = problem } }
  end
  return body, { status = status }
end

local LrHttp = {}

function LrHttp.get(url, headers, _timeout)
  return curl('GET', url, headers, {})
end

function LrHttp.post(url, postBody, headers, method, _timeout)
  local bodyPath = os.tmpname()
  writeAll(bodyPath, postBody or '')
  local body, response = curl(method or 'POST', url, headers, { '--data-binary', '@' .. shellQuote(bodyPath) })
  os.remove(bodyPath)
  return body, response
end

function LrHttp.postMultipart(url, content, headers, _timeout)
  local args = {}
  for _, part in ipairs(content) do
    if part.filePath then
      local spec = part.name .. '=@' .. part.filePath .. ';filename=' .. (part.fileName or part.filePath:match('[^/]+$'))
      if part.contentType then spec = spec .. ';type=' .. part.contentType end
      args[#args + 1] = '--form ' .. shellQuote(spec)
    else
      -- --form-string: a value starting with @ or < is text, not a file to read.
      args[#args + 1] = '--form-string ' .. shellQuote(part.name .. '=' .. part.value)
    end
  end
  return curl('POST', url, headers, args)
end

local LrTasks = {}
-- Everything runs in the one task the driver is: a task started is run at once, to its end.
function LrTasks.startAsyncTask(fn) fn() end
LrTasks.pcall = pcall
function LrTasks.sleep(_seconds) end
function LrTasks.yield() end
function LrTasks.canYield() return true end

local LrFunctionContext = {}
function LrFunctionContext.callWithContext(_name, fn, ...)
  return fn({ addCleanupHandler = function() end, addFailureHandler = function() end }, ...)
end

sdk.dialogs = {}
local LrDialogs = {}
function LrDialogs.message(title, message, kind)
  sdk.dialogs[#sdk.dialogs + 1] = { title = title, message = message, kind = kind }
  io.stderr:write('dialog: ', tostring(title), ': ', tostring(message), '\n')
end
function LrDialogs.showError(message) LrDialogs.message('Error', message, 'critical') end
function LrDialogs.confirm() return 'ok' end

local LrErrors = {}
function LrErrors.throwUserError(message) error(message, 0) end
function LrErrors.isCanceledError() return false end

local LrPathUtils = {}
function LrPathUtils.leafName(path) return path:match('[^/\\]+$') end
function LrPathUtils.removeExtension(path) return (path:gsub('%.[^./\\]*$', '')) end
function LrPathUtils.extension(path) return path:match('%.([^./\\]*)$') or '' end
function LrPathUtils.child(dir, name) return dir .. '/' .. name end
function LrPathUtils.parent(path) return path:match('^(.*)/[^/]*$') end

local LrFileUtils = {}
LrFileUtils.readFile = readAll
function LrFileUtils.exists(path) return readAll(path) ~= nil and 'file' or false end
function LrFileUtils.delete(path) return os.remove(path) ~= nil end

local function LrLogger(name)
  local function write(level)
    return function(_self, ...)
      if os.getenv('LIGHTROOM_LOG') then io.stderr:write(name, ' ', level, ': ', table.concat({ ... }, ' '), '\n') end
    end
  end
  return { enable = function() end, info = write('info'), trace = write('trace'), warn = write('warn'), error = write('error') }
end

local LrView = {}
--- A view is the table of its properties, with its kind: the driver can find a button and press it.
function LrView.osFactory()
  return setmetatable({}, {
    __index = function(_, kind)
      return function(_self, properties)
        local view = properties or {}
        view.viewKind = kind
        return view
      end
    end,
  })
end
function LrView.bind(key) return { bind = key } end
function LrView.share(key) return { share = key } end

--- Set by the driver: the catalog and the plug-in's preferences.
sdk.catalog = nil
sdk.prefs = {}

local LrApplication = {}
function LrApplication.activeCatalog() return sdk.catalog end

local LrPrefs = {}
function LrPrefs.prefsForPlugin() return sdk.prefs end

local modules = {
  LrHttp = LrHttp,
  LrTasks = LrTasks,
  LrFunctionContext = LrFunctionContext,
  LrDialogs = LrDialogs,
  LrErrors = LrErrors,
  LrPathUtils = LrPathUtils,
  LrFileUtils = LrFileUtils,
  LrLogger = LrLogger,
  LrView = LrView,
  LrApplication = LrApplication,
  LrPrefs = LrPrefs,
}

--- Lightroom's globals: import, LOC and _PLUGIN.
function sdk.install(pluginDir, pluginId)
  _G.import = function(name)
    return modules[name] or error('the SDK stand-in has no ' .. name .. ': add what the plug-in calls', 2)
  end
  _G.LOC = function(text) return (text:gsub('^%$%$%$[^=]*=', '')) end
  _G._PLUGIN = { id = pluginId, path = pluginDir }
  package.path = pluginDir .. '/?.lua;' .. package.path
end

return sdk
