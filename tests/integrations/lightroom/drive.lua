--[[
Drives the Atelier plug-in as Lightroom Classic would (under Lua 5.4, or 5.1 as Lightroom's), one action per run, with the catalog kept
in a JSON file between runs (as Lightroom keeps the remote ids it is given):

  lua5.4 drive.lua <catalog.json> publish <collection>
  lua5.4 drive.lua <catalog.json> rename <collection> <new name>
  lua5.4 drive.lua <catalog.json> link <collection> <gallery link id, 0 for every link>
  lua5.4 drive.lua <catalog.json> comments <collection>
  lua5.4 drive.lua <catalog.json> remove <collection> <photo's local id>
  lua5.4 drive.lua <catalog.json> delete-collection <collection>
  lua5.4 drive.lua <catalog.json> check

The catalog: { settings = publish settings, prefs = plug-in preferences, collections = { { localId,
name, isDefault, remoteId, settings, photos = { { localId, file, exportName, metadata, raw,
remoteId, url, edited, comments } } } } }. Prints what the action did as JSON.
]]

local here = arg[0]:match('^(.*)/[^/]*$') or '.'
local pluginDir = here .. '/../../../integrations/lightroom/atelier.lrplugin'

local sdk = dofile(here .. '/lightroom-sdk.lua')
sdk.install(pluginDir, 'site.atelier.lightroom.publish')

local JSON = require 'AtelierJSON'
sdk.arrayMeta = JSON.arrayMeta
local provider = require 'AtelierPublishServiceProvider'

local catalogPath, action = arg[1], arg[2]
local file = assert(io.open(catalogPath, 'rb'))
local state = JSON.decode(file:read('*a'))
file:close()
sdk.prefs = state.prefs or {}
state.prefs = sdk.prefs

local function fail(message)
  io.stderr:write(message, '\n')
  os.exit(2)
end

local function collectionNamed(name)
  for _, collection in ipairs(state.collections) do
    if collection.name == name then return collection end
  end
  fail('no collection named ' .. tostring(name))
end

local service = { getPluginId = function() return _PLUGIN.id end }

local collectionObject, photoObject

--- A photo as the plug-in sees it (LrPhoto): its metadata, and the collections it is published in.
photoObject = function(entry)
  return {
    localIdentifier = entry.localId,
    getFormattedMetadata = function(_self, key) return (entry.metadata or {})[key] end,
    getRawMetadata = function(_self, key) return (entry.raw or {})[key] end,
    setRawMetadata = function(_self, key, value)
      if not sdk.catalog.writing then error('setRawMetadata outside withWriteAccessDo') end
      entry.raw = entry.raw or {}
      entry.raw[key] = value
    end,
    getContainedPublishedCollections = function()
      local found = {}
      for _, collection in ipairs(state.collections) do
        for _, photo in ipairs(collection.photos) do
          if photo.localId == entry.localId and photo.remoteId then found[#found + 1] = collectionObject(collection) end
        end
      end
      return found
    end,
  }
end

--- A published collection (LrPublishedCollection).
collectionObject = function(collection)
  return {
    localIdentifier = collection.localId,
    getName = function() return collection.name end,
    getService = function() return service end,
    getRemoteId = function() return collection.remoteId end,
    getCollectionInfoSummary = function()
      return { collectionSettings = collection.settings or {}, name = collection.name, isDefaultCollection = collection.isDefault == true }
    end,
    getPublishedPhotos = function()
      local published = {}
      for _, photo in ipairs(collection.photos) do
        if photo.remoteId then
          published[#published + 1] = { getRemoteId = function() return photo.remoteId end, getPhoto = function() return photoObject(photo) end }
        end
      end
      return published
    end,
  }
end

sdk.catalog = {
  writing = false,
  withWriteAccessDo = function(self, _name, fn)
    self.writing = true
    local ok, problem = pcall(fn)
    self.writing = false
    if not ok then error(problem, 0) end
  end,
  withReadAccessDo = function(_self, fn) return fn() end,
}

local function copyFile(from, to)
  local source = assert(io.open(from, 'rb'))
  local target = assert(io.open(to, 'wb'))
  target:write(source:read('*a'))
  source:close()
  target:close()
end

--- Publish: the photos never published and those edited since, rendered (copied) to a temporary file each.
local function publish(collection)
  local toPublish = {}
  for _, photo in ipairs(collection.photos) do
    if not photo.remoteId or photo.edited then toPublish[#toPublish + 1] = photo end
  end
  local renderDir = os.tmpname()
  os.remove(renderDir)
  assert(os.execute('mkdir -p ' .. "'" .. renderDir .. "'"))
  local renditions = {}
  for _, entry in ipairs(toPublish) do
    renditions[#renditions + 1] = {
      photo = photoObject(entry),
      publishedPhotoId = entry.remoteId,
      wasSkipped = false,
      waitForRender = function()
        local rendered = renderDir .. '/' .. entry.exportName
        copyFile(entry.file, rendered)
        return true, rendered
      end,
      recordPublishedPhotoId = function(_self, id)
        entry.remoteId = id
        entry.edited = nil
        entry.failure = nil
      end,
      recordPublishedPhotoUrl = function(_self, url) entry.url = url end,
      uploadFailed = function(_self, message) entry.failure = message end,
    }
  end
  local progressDone = false
  local exportContext = {
    propertyTable = state.settings,
    publishedCollectionInfo = { name = collection.name, remoteId = collection.remoteId, isDefaultCollection = collection.isDefault == true },
    exportSession = {
      countRenditions = function() return #renditions end,
      recordRemoteCollectionId = function(_self, id) collection.remoteId = id end,
      recordRemoteCollectionUrl = function() end,
    },
    configureProgress = function()
      return {
        setPortionComplete = function() end,
        isCanceled = function() return false end,
        done = function() progressDone = true end,
      }
    end,
    renditions = function()
      local index = 0
      return function()
        index = index + 1
        if renditions[index] then return index, renditions[index] end
      end
    end,
  }
  provider.processRenderedPhotos({}, exportContext)
  os.remove(renderDir)
  local result = { categoryId = collection.remoteId, progressDone = progressDone, photos = JSON.array() }
  for _, entry in ipairs(toPublish) do
    result.photos[#result.photos + 1] = { localId = entry.localId, remoteId = entry.remoteId, url = entry.url, failure = entry.failure }
  end
  return result
end

local function arrayOfPhotoInfo(collection)
  local infos = {}
  for _, entry in ipairs(collection.photos) do
    if entry.remoteId then
      infos[#infos + 1] = { photo = photoObject(entry), remoteId = entry.remoteId, url = entry.url, commentCount = #(entry.comments or {}), entry = entry }
    end
  end
  return infos
end

--- The views' tree, searched for the first of a kind with the given title.
local function findView(view, kind, title)
  if type(view) ~= 'table' then return nil end
  if view.viewKind == kind and (title == nil or view.title == title) then return view end
  for _, child in pairs(view) do
    local found = findView(child, kind, title)
    if found then return found end
  end
end

local actions = {}

function actions.publish(name)
  return publish(collectionNamed(name))
end

function actions.rename(name, newName)
  local collection = collectionNamed(name)
  local valid, why = provider.validatePublishedCollectionName(newName)
  if not valid then return { refused = why } end
  provider.renamePublishedCollection(state.settings, {
    name = newName,
    remoteId = collection.remoteId,
    isDefaultCollection = collection.isDefault == true,
    publishedCollection = collectionObject(collection),
  })
  collection.name = newName
  return { categoryId = collection.remoteId, name = newName }
end

--- The collection's settings dialog: the links offered, then the one chosen saved.
function actions.link(name, linkId)
  local collection = collectionNamed(name)
  collection.settings = collection.settings or {}
  local context = {}
  local view = provider.viewForCollectionSettings(LrViewFactory, state.settings, {
    collectionSettings = collection.settings,
    pluginContext = context,
    publishedCollection = collectionObject(collection),
    name = collection.name,
  })
  assert(findView(view, 'popup_menu'), 'the collection settings show no choice of link')
  collection.settings.galleryLinkId = tonumber(linkId)
  provider.updateCollectionSettings(state.settings, { collectionSettings = collection.settings, name = collection.name, publishedCollection = collectionObject(collection) })
  return { offered = context.linkItems, galleryLinkId = collection.settings.galleryLinkId }
end

function actions.comments(name)
  local collection = collectionNamed(name)
  local infos = arrayOfPhotoInfo(collection)
  local calls = 0
  local marked = provider.getCommentsFromPublishedCollection(state.settings, infos, function(update)
    calls = calls + 1
    update.publishedPhoto.entry.comments = JSON.array(update.comments)
  end)
  local result = { calls = calls, marked = marked or 0, photos = JSON.array() }
  for _, info in ipairs(infos) do
    result.photos[#result.photos + 1] = { localId = info.entry.localId, remoteId = info.entry.remoteId, comments = info.entry.comments, raw = info.entry.raw or {} }
  end
  return result
end

function actions.remove(name, localId)
  local collection = collectionNamed(name)
  local ids, kept = {}, JSON.array()
  for _, photo in ipairs(collection.photos) do
    if photo.localId == localId then ids[#ids + 1] = photo.remoteId else kept[#kept + 1] = photo end
  end
  local deleted = JSON.array()
  provider.deletePhotosFromPublishedCollection(state.settings, ids, function(id) deleted[#deleted + 1] = id end)
  if #deleted == #ids then collection.photos = kept end
  return { deleted = deleted }
end

actions['delete-collection'] = function(name)
  local collection = collectionNamed(name)
  provider.deletePublishedCollection(state.settings, {
    name = collection.name,
    remoteId = collection.remoteId,
    isDefaultCollection = collection.isDefault == true,
    publishedCollection = collectionObject(collection),
  })
  local kept = JSON.array()
  for _, other in ipairs(state.collections) do
    if other ~= collection then kept[#kept + 1] = other end
  end
  state.collections = kept
  return { deleted = collection.remoteId }
end

--- The publish service's settings and the Plug-in Manager's section, built; "Check" pressed.
function actions.check()
  local sections = provider.sectionsForTopOfDialog(LrViewFactory, state.settings)
  local button = findView(sections, 'push_button', 'Check')
  assert(button, 'the settings have no Check button')
  button.action()
  local info = dofile(pluginDir .. '/AtelierPluginInfoProvider.lua')
  assert(findView(info.sectionsForTopOfDialog(LrViewFactory, {}), 'popup_menu'), 'the Plug-in Manager section offers no choice')
  local behaviour = provider.getCollectionBehaviorInfo(state.settings)
  return { status = state.settings.connectionStatus, defaultCollectionName = behaviour.defaultCollectionName, prefs = sdk.prefs }
end

LrViewFactory = (import 'LrView').osFactory()

local run = actions[action] or fail('no action ' .. tostring(action))
local result = run((table.unpack or unpack)(arg, 3))
result.requests = JSON.array(sdk.requests)
result.dialogs = JSON.array(sdk.dialogs)
state.settings.connectionStatus = nil

for _, collection in ipairs(state.collections) do
  collection.photos = JSON.array(collection.photos)
  for _, photo in ipairs(collection.photos) do
    if photo.comments then photo.comments = JSON.array(photo.comments) end
  end
end
state.collections = JSON.array(state.collections)
local out = assert(io.open(catalogPath, 'wb'))
out:write(JSON.encode(state))
out:close()
io.write(JSON.encode(result), '\n')
