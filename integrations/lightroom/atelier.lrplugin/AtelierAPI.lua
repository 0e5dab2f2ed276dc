--[[
The site's public API, as the plug-in calls it: every call carries the owner's personal access
token (Authorization: Bearer atl_…) and nothing else, no cookie and no Origin. Answers are JSON;
an error answer is { code, message, params }, and the plug-in shows its message.
]]

local LrHttp = import 'LrHttp'
local LrErrors = import 'LrErrors'
local LrFileUtils = import 'LrFileUtils'
local LrPathUtils = import 'LrPathUtils'

local JSON = require 'AtelierJSON'

local logger = import 'LrLogger' ('AtelierPublish')
logger:enable('logfile')

local AtelierAPI = {}

--- Seconds a call may take: a large JPEG over a slow upload link takes minutes.
local TIMEOUT = 600

--- The site's address as typed, without a trailing slash; nil when it is not an http(s) address.
function AtelierAPI.siteUrl(settings)
  local url = settings.siteUrl and settings.siteUrl:gsub('^%s+', ''):gsub('%s+$', ''):gsub('/+$', '')
  if not url or not url:match('^https?://[^/]+') then return nil end
  return url
end

--- A whole number for a path or a body, from the number or string Lightroom kept.
function AtelierAPI.idString(id)
  return string.format('%d', tonumber(id))
end

local function headers(settings, extra)
  local token = settings.token and settings.token:gsub('%s', '') or ''
  local list = { { field = 'Authorization', value = 'Bearer ' .. token }, { field = 'Accept', value = 'application/json' } }
  for _, header in ipairs(extra or {}) do list[#list + 1] = header end
  return list
end

local function urlOf(settings, path)
  local site = AtelierAPI.siteUrl(settings)
  if not site then
    LrErrors.throwUserError('The site address must start with https:// (or http://). Set it in the publish service settings.')
  end
  return site .. path
end

--- The error an answer carries, as a user error with the site's message (and its code, for the log).
local function failure(method, path, body, response)
  if not response or not response.status then
    local reason = response and response.error and (response.error.name or response.error.errorCode) or 'no answer'
    LrErrors.throwUserError('Atelier did not answer (' .. tostring(reason) .. '). Check the site address.')
  end
  local ok, answer = pcall(JSON.decode, body)
  local message = ok and type(answer) == 'table' and type(answer.message) == 'string' and answer.message or nil
  local code = ok and type(answer) == 'table' and answer.code or nil
  logger:warn(method .. ' ' .. path .. ' answered ' .. tostring(response.status) .. ' ' .. tostring(code))
  if response.status == 401 then
    LrErrors.throwUserError('Atelier refused the token: it is unknown, expired or revoked. Make a new one in Account → API tokens.')
  end
  if code == 'auth.token_scope_missing' and type(answer.params) == 'table' then
    LrErrors.throwUserError('The token lacks the scope ' .. tostring(answer.params.scope) .. '. Make a token with the scopes docs/lightroom.md lists.')
  end
  LrErrors.throwUserError('Atelier answered ' .. tostring(response.status) .. ': ' .. (message or 'an unexpected error'))
end

--[[
Sends one call; returns the decoded answer and the status. `allow` lists statuses that are not
errors: for those the answer is nil, and the error body comes third.
]]
local function call(settings, method, path, body, allow)
  local url = urlOf(settings, path)
  local text, response
  if method == 'GET' then
    text, response = LrHttp.get(url, headers(settings), TIMEOUT)
  else
    -- Every call but GET sends a JSON body, `{}` when it has nothing to say: the server reads an
    -- empty body with a content type as a malformed one.
    text, response = LrHttp.post(
      url,
      JSON.encode(body or {}),
      headers(settings, { { field = 'Content-Type', value = 'application/json' } }),
      method,
      TIMEOUT
    )
  end
  local status = response and response.status
  if status and (status >= 200 and status < 300) then
    return (text and text ~= '') and JSON.decode(text) or nil, status
  end
  if status and allow and allow[status] then
    local ok, answer = pcall(JSON.decode, text)
    return nil, status, ok and type(answer) == 'table' and answer or {}
  end
  failure(method, path, text, response)
end

--- What the token may do and that the site is there: the upload's formats need photos:read.
function AtelierAPI.check(settings)
  return call(settings, 'GET', '/api/photos/upload')
end

function AtelierAPI.createCategory(settings, name)
  return call(settings, 'POST', '/api/categories', { name = name })
end

function AtelierAPI.renameCategory(settings, categoryId, name)
  return call(settings, 'PUT', '/api/categories/' .. AtelierAPI.idString(categoryId), { name = name })
end

--- Deletes the category and its photos (they wait in the site's trash for the Undo window). Gone already is fine.
function AtelierAPI.deleteCategory(settings, categoryId)
  return call(settings, 'DELETE', '/api/categories/' .. AtelierAPI.idString(categoryId), nil, { [404] = true })
end

--- The text fields an upload sends beside its file, each only when it has a value.
local function textParts(fields)
  local parts = {}
  for _, name in ipairs({ 'title', 'description', 'altText', 'license' }) do
    local value = fields[name]
    if type(value) == 'string' and value ~= '' then parts[#parts + 1] = { name = name, value = value } end
  end
  return parts
end

--- Uploads one rendered photo into a category (nil: the photo bank); returns the stored photo.
function AtelierAPI.uploadPhoto(settings, categoryId, filePath, fields)
  local path = '/api/photos/upload' .. (categoryId and ('?categoryId=' .. AtelierAPI.idString(categoryId)) or '')
  local parts = textParts(fields)
  parts[#parts + 1] = {
    name = 'photos',
    fileName = LrPathUtils.leafName(filePath),
    filePath = filePath,
    contentType = 'image/jpeg',
  }
  local text, response = LrHttp.postMultipart(urlOf(settings, path), parts, headers(settings), TIMEOUT)
  if not (response and response.status == 201) then failure('POST', path, text, response) end
  local answer = JSON.decode(text)
  local photo = answer.photos and answer.photos[1]
  if not photo then LrErrors.throwUserError('Atelier stored nothing of ' .. LrPathUtils.leafName(filePath)) end
  return photo
end

local function multipartBody(fieldName, filePath, boundary)
  local content = LrFileUtils.readFile(filePath)
  if not content then LrErrors.throwUserError('Could not read the rendered file ' .. filePath) end
  local fileName = LrPathUtils.leafName(filePath):gsub('["\r\n]', '_')
  return table.concat({
    '--' .. boundary,
    'Content-Disposition: form-data; name="' .. fieldName .. '"; filename="' .. fileName .. '"',
    'Content-Type: image/jpeg',
    '',
    content,
    '--' .. boundary .. '--',
    '',
  }, '\r\n')
end

--[[
Replaces a published photo's file in place: the same photo (its id, place, links and picks), new
copies. LrHttp.postMultipart only POSTs, so the PUT's multipart body is put together here.
Returns the photo, or nil when the site has it no more (deleted there): publish then uploads anew.
]]
function AtelierAPI.replacePhotoFile(settings, photoId, filePath)
  local path = '/api/photos/' .. AtelierAPI.idString(photoId) .. '/file'
  local boundary = 'AtelierBoundary' .. tostring(os.time()) .. tostring(math.random(100000, 999999))
  local text, response = LrHttp.post(
    urlOf(settings, path),
    multipartBody('photo', filePath, boundary),
    headers(settings, { { field = 'Content-Type', value = 'multipart/form-data; boundary=' .. boundary } }),
    'PUT',
    TIMEOUT
  )
  local status = response and response.status
  if status == 404 then
    local ok, answer = pcall(JSON.decode, text)
    -- A 404 without the photo's code is a site without the route: say so rather than upload twice.
    if ok and type(answer) == 'table' and answer.code == 'photos.not_found' then return nil end
    LrErrors.throwUserError('This Atelier cannot replace a photo\'s file yet: update the site to republish.')
  end
  if not (status and status >= 200 and status < 300) then failure('PUT', path, text, response) end
  return JSON.decode(text)
end

--[[
Sets a photo's title, description, alt text and licence from the catalog, as the photo edit does,
`current` being the photo as the site has it. The edit sets every field it is sent and clears the
description and link when absent: the description follows the catalog's caption, the link the
owner set on the site is sent back as it is. Alt text and licence are only set, never cleared (a
photo without keywords keeps what the site was given), and the licence only when it changes, since
a change of rights draws the copies again.
]]
function AtelierAPI.updatePhoto(settings, photoId, fields, current)
  local body = {
    title = fields.title or current.title,
    description = fields.description or JSON.null,
    hyperlink = type(current.hyperlink) == 'string' and current.hyperlink or JSON.null,
  }
  if fields.altText then body.altText = fields.altText end
  if fields.license and fields.license ~= current.license then body.license = fields.license end
  return call(settings, 'PUT', '/api/photos/' .. AtelierAPI.idString(photoId), body)
end

--- Deletes a photo (to the site's trash for the Undo window); true when it is gone, already or now.
function AtelierAPI.deletePhoto(settings, photoId)
  call(settings, 'DELETE', '/api/photos/' .. AtelierAPI.idString(photoId), nil, { [404] = true })
  return true
end

--- The most photos one bulk delete names (the site's own cap is 10,000).
local DELETE_CHUNK = 1000

--[[
Deletes photos, a thousand a call; calls `deleted(id)` for each as it goes. The bulk delete is all
or nothing, so a chunk naming a photo gone from the site already is deleted one photo at a time.
]]
function AtelierAPI.deletePhotos(settings, photoIds, deleted)
  for first = 1, #photoIds, DELETE_CHUNK do
    local chunk, ids = {}, {}
    for index = first, math.min(first + DELETE_CHUNK - 1, #photoIds) do
      chunk[#chunk + 1] = photoIds[index]
      ids[#ids + 1] = tonumber(photoIds[index])
    end
    local answer = call(settings, 'POST', '/api/photos/delete', { ids = ids }, { [404] = true })
    for _, id in ipairs(chunk) do
      if not answer then AtelierAPI.deletePhoto(settings, id) end
      if deleted then deleted(id) end
    end
  end
end

--- A category's gallery links (needs galleries:read).
function AtelierAPI.categoryLinks(settings, categoryId)
  return call(settings, 'GET', '/api/categories/' .. AtelierAPI.idString(categoryId) .. '/links') or {}
end

--- A link's picks: { picks = { { photo, pickedAt, fileName } }, submittedAt }.
function AtelierAPI.linkPicks(settings, linkId)
  return call(settings, 'GET', '/api/gallery-links/' .. AtelierAPI.idString(linkId) .. '/picks', nil, { [404] = true })
end

--[[
A link's comment threads: { threads = { { photoId, verdict, comments } } }. Nil where the link is
gone, and where the site is older than comments (its answer names no such route).
]]
function AtelierAPI.linkComments(settings, linkId)
  local answer, _, refusal = call(settings, 'GET', '/api/gallery-links/' .. AtelierAPI.idString(linkId) .. '/comments', nil, { [404] = true })
  if not answer and refusal and refusal.code == 'request.no_route' then logger:info('this site has no comments on gallery links') end
  return answer
end

return AtelierAPI
