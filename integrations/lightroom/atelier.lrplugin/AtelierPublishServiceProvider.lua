--[[
The Atelier publish service. What maps to what:
  - the publish service is one site, reached with a personal access token;
  - a published collection is a category of the site (made at its first publish, renamed and
    deleted with it); the service's default collection is the site's photo bank (no category);
  - a published photo is a photo of the site: publish uploads it, republish replaces its file in
    place (the same photo: its address, place, picks and comments stay), removing it from the
    collection deletes it;
  - Refresh in the Comments panel brings back a gallery link's picks, verdicts and comments
    (AtelierFeedback.lua).
]]

local LrDialogs = import 'LrDialogs'
local LrFileUtils = import 'LrFileUtils'
local LrPathUtils = import 'LrPathUtils'
local LrTasks = import 'LrTasks'
local LrView = import 'LrView'

local AtelierAPI = require 'AtelierAPI'
local AtelierFeedback = require 'AtelierFeedback'

local logger = import 'LrLogger' ('AtelierPublish')

local bind = LrView.bind

local provider = {}

--- Atelier's limits for what the plug-in sends (src/contract: photos, rights, categories).
local TITLE_MAX = 255
local DESCRIPTION_MAX = 5000
local ALT_TEXT_MAX = 250
local CATEGORY_NAME_MAX = 100

local LICENSES = {
  { title = 'The category\'s default', value = '' },
  { title = 'All rights reserved', value = 'all-rights-reserved' },
  { title = 'CC0 (public domain)', value = 'cc0' },
  { title = 'CC BY 4.0', value = 'cc-by' },
  { title = 'CC BY-SA 4.0', value = 'cc-by-sa' },
  { title = 'CC BY-ND 4.0', value = 'cc-by-nd' },
  { title = 'CC BY-NC 4.0', value = 'cc-by-nc' },
  { title = 'CC BY-NC-SA 4.0', value = 'cc-by-nc-sa' },
  { title = 'CC BY-NC-ND 4.0', value = 'cc-by-nc-nd' },
  { title = 'The photo\'s Copyright Info URL (https)', value = 'copyrightInfoUrl' },
}

provider.supportsIncrementalPublish = 'only'
provider.hideSections = { 'exportLocation', 'video' }
-- Atelier makes its own display copies and WebP sizes from the upload: a full-size JPEG serves best.
provider.allowFileFormats = { 'JPEG' }
provider.allowColorSpaces = { 'sRGB' }
provider.hidePrintResolution = true
provider.canExportVideo = false
provider.supportsCustomSortOrder = false

provider.exportPresetFields = {
  { key = 'siteUrl', default = 'https://' },
  { key = 'token', default = '' },
  { key = 'license', default = '' },
  { key = 'altTextFromKeywords', default = true },
}

provider.titleForPublishedCollection = 'Category'
provider.titleForPublishedCollection_standalone = 'Category'
provider.titleForPublishedSmartCollection = 'Smart category'
provider.titleForPublishedSmartCollection_standalone = 'Smart category'
provider.titleForGoToPublishedPhoto = 'Show on the site'

--------------------------------------------------------------------------------
-- Settings: the site's address and the token.

function provider.sectionsForTopOfDialog(f, propertyTable)
  propertyTable.connectionStatus = propertyTable.connectionStatus or ''
  return {
    {
      title = 'Atelier site',
      synopsis = bind 'siteUrl',
      f:row {
        f:static_text { title = 'Site address:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:edit_field { value = bind 'siteUrl', width_in_chars = 36, immediate = true },
      },
      f:row {
        f:static_text { title = 'Access token:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:password_field { value = bind 'token', width_in_chars = 36, immediate = true },
      },
      f:row {
        f:static_text { title = '', width = LrView.share 'atelierLabel' },
        f:static_text {
          title = 'Make the token in the site\'s admin, Account → API tokens, with photos:read, photos:write, categories:write and galleries:read.',
          width_in_chars = 36,
          height_in_lines = 2,
        },
      },
      f:row {
        f:static_text { title = '', width = LrView.share 'atelierLabel' },
        f:push_button {
          title = 'Check',
          action = function()
            LrTasks.startAsyncTask(function()
              local ok, message = LrTasks.pcall(AtelierAPI.check, propertyTable)
              propertyTable.connectionStatus = ok and 'The site answered; the token is taken.' or tostring(message)
            end)
          end,
        },
        f:static_text { title = bind 'connectionStatus', fill_horizontal = 1 },
      },
    },
    {
      title = 'Atelier photos',
      f:row {
        f:static_text { title = 'Licence:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:popup_menu { value = bind 'license', items = LICENSES },
      },
      f:row {
        f:static_text { title = '', width = LrView.share 'atelierLabel' },
        f:checkbox { title = 'Use the photo\'s keywords as its alt text', value = bind 'altTextFromKeywords' },
      },
    },
  }
end

--------------------------------------------------------------------------------
-- What a published photo's text is.

--- At most `max` characters (not bytes) of `text`, whole UTF-8 characters only.
local function cutToCharacters(text, max)
  local count, stop = 0, 0
  for start, char in text:gmatch('()([%z\1-\127\194-\244][\128-\191]*)') do
    count = count + 1
    if count > max then break end
    stop = start + #char - 1
  end
  return text:sub(1, stop)
end

local function trimmed(value)
  if type(value) ~= 'string' then return nil end
  value = value:gsub('^%s+', ''):gsub('%s+$', '')
  return value ~= '' and value or nil
end

--- The keywords marked for export, as far as they fit the alt text's 250 characters.
local function altTextOf(photo)
  local keywords = trimmed(photo:getFormattedMetadata('keywordTagsForExport'))
  if not keywords then return nil end
  local kept = {}
  for keyword in keywords:gmatch('[^,]+') do
    local candidate = table.concat(kept, ', ') .. (#kept > 0 and ', ' or '') .. trimmed(keyword)
    if #cutToCharacters(candidate, ALT_TEXT_MAX) < #candidate then break end
    kept[#kept + 1] = trimmed(keyword)
  end
  return #kept > 0 and table.concat(kept, ', ') or nil
end

local function licenseOf(settings, photo)
  if settings.license == 'copyrightInfoUrl' then
    local url = trimmed(photo:getFormattedMetadata('copyrightInfoUrl'))
    return url and url:match('^https://') and url or nil
  end
  return trimmed(settings.license)
end

--- What the site is told of a photo: its title, caption, alt text (from its keywords) and licence.
function provider.photoFields(settings, photo)
  local title = trimmed(photo:getFormattedMetadata('title'))
  local caption = trimmed(photo:getFormattedMetadata('caption'))
  return {
    -- None: the site takes the title written in the file, else the file's name.
    title = title and cutToCharacters(title, TITLE_MAX) or nil,
    description = caption and cutToCharacters(caption, DESCRIPTION_MAX) or nil,
    altText = settings.altTextFromKeywords ~= false and altTextOf(photo) or nil,
    license = licenseOf(settings, photo),
  }
end

--- Changes of these put a published photo among "Modified Photos to Re-Publish".
function provider.metadataThatTriggersRepublish(_publishSettings)
  return {
    default = false,
    title = true,
    caption = true,
    keywords = true,
    copyright = true,
    copyrightInfoUrl = true,
  }
end

--------------------------------------------------------------------------------
-- Publish and republish.

local function photoUrl(settings, photoId)
  return AtelierAPI.siteUrl(settings) .. '/photo/' .. AtelierAPI.idString(photoId)
end

--- Republish: the same photo, its file replaced, then its text; a photo deleted on the site is uploaded anew.
local function republish(settings, categoryId, remoteId, filePath, fields)
  local replaced = AtelierAPI.replacePhotoFile(settings, remoteId, filePath)
  if not replaced then
    logger:info('photo ' .. tostring(remoteId) .. ' is gone from the site: uploading it again')
    return AtelierAPI.uploadPhoto(settings, categoryId, filePath, fields)
  end
  -- The replace answers with the photo as it is now: its title (kept without one in the catalog) and link.
  return AtelierAPI.updatePhoto(settings, remoteId, fields, replaced)
end

function provider.processRenderedPhotos(_functionContext, exportContext)
  local exportSession = exportContext.exportSession
  local settings = exportContext.propertyTable
  local info = exportContext.publishedCollectionInfo or {}
  local count = exportSession:countRenditions()
  local progress = exportContext:configureProgress {
    title = count == 1 and 'Publishing one photo to Atelier' or ('Publishing ' .. count .. ' photos to Atelier'),
  }

  -- The category is made at the collection's first publish; the default collection is the photo bank.
  local categoryId = info.remoteId
  if not info.isDefaultCollection and not categoryId then
    local category = AtelierAPI.createCategory(settings, cutToCharacters(info.name, CATEGORY_NAME_MAX))
    categoryId = category.id
    exportSession:recordRemoteCollectionId(AtelierAPI.idString(categoryId))
  end

  local failures = {}
  for index, rendition in exportContext:renditions { stopIfCanceled = true } do
    progress:setPortionComplete((index - 1) / count)
    if rendition.wasSkipped then
      -- Unchanged since its last publish: leave the site's copy, and the photo's status, as they are.
      if rendition.publishedPhotoId then rendition:recordPublishedPhotoId(rendition.publishedPhotoId) end
    else
      local rendered, pathOrMessage = rendition:waitForRender()
      if progress:isCanceled() then break end
      if rendered then
        local ok, result = LrTasks.pcall(function()
          local fields = provider.photoFields(settings, rendition.photo)
          if rendition.publishedPhotoId then
            return republish(settings, categoryId, rendition.publishedPhotoId, pathOrMessage, fields)
          end
          return AtelierAPI.uploadPhoto(settings, categoryId, pathOrMessage, fields)
        end)
        if ok then
          rendition:recordPublishedPhotoId(AtelierAPI.idString(result.id))
          rendition:recordPublishedPhotoUrl(photoUrl(settings, result.id))
        else
          failures[#failures + 1] = LrPathUtils.leafName(pathOrMessage) .. ': ' .. tostring(result)
          rendition:uploadFailed(tostring(result))
        end
        LrFileUtils.delete(pathOrMessage)
      else
        failures[#failures + 1] = tostring(pathOrMessage)
        rendition:uploadFailed(tostring(pathOrMessage))
      end
    end
  end
  progress:done()
  if #failures > 0 then logger:warn('publish failed for ' .. #failures .. ': ' .. table.concat(failures, '; ')) end
end

--- Removing photos from the collection deletes them on the site (its trash keeps them for the Undo window).
function provider.deletePhotosFromPublishedCollection(publishSettings, arrayOfPhotoIds, deletedCallback)
  AtelierAPI.deletePhotos(publishSettings, arrayOfPhotoIds, deletedCallback)
end

--------------------------------------------------------------------------------
-- Collections are categories.

function provider.getCollectionBehaviorInfo(_publishSettings)
  return {
    defaultCollectionName = 'Photo bank',
    defaultCollectionCanBeDeleted = false,
    canAddCollection = true,
    -- Atelier's categories do not nest.
    maxCollectionSetDepth = 0,
  }
end

function provider.validatePublishedCollectionName(proposedName)
  local name = trimmed(proposedName)
  if not name then return false, 'A category needs a name.' end
  if #cutToCharacters(name, CATEGORY_NAME_MAX) < #name then return false, 'A category name is at most 100 characters.' end
  return true
end

function provider.renamePublishedCollection(publishSettings, info)
  if info.remoteId and not info.isDefaultCollection then
    AtelierAPI.renameCategory(publishSettings, info.remoteId, info.name)
  end
end

--[[
Deleting the collection deletes its photos and then its category: a category deleted alone would
hand its photos to the photo bank once its Undo window is over, and Lightroom says the photos go.
Both wait in the site's trash for the Undo window.
]]
function provider.deletePublishedCollection(publishSettings, info)
  local photoIds = {}
  for _, published in ipairs(info.publishedCollection and info.publishedCollection:getPublishedPhotos() or {}) do
    local id = published:getRemoteId()
    if id then photoIds[#photoIds + 1] = id end
  end
  AtelierAPI.deletePhotos(publishSettings, photoIds)
  if info.remoteId and not info.isDefaultCollection then
    AtelierAPI.deleteCategory(publishSettings, info.remoteId)
  end
end

--[[
A collection's settings: which gallery link of its category its comments and picks come from
(AtelierFeedback.lua says why a choice). The links are read when the dialog opens; a collection
never published has no category, hence no link yet.
]]
function provider.viewForCollectionSettings(f, publishSettings, info)
  local collectionSettings = assert(info.collectionSettings)
  -- The list of links lives in the dialog's transient context: the collection keeps only the choice.
  local context = info.pluginContext
  if collectionSettings.galleryLinkId == nil then collectionSettings.galleryLinkId = 0 end
  context.linkItems = { { title = 'Every link of the category', value = 0 } }
  local categoryId = info.publishedCollection and info.publishedCollection:getRemoteId()
  if categoryId then
    LrTasks.startAsyncTask(function()
      local ok, links = LrTasks.pcall(AtelierAPI.categoryLinks, publishSettings, categoryId)
      if not ok then
        logger:warn('could not read the links: ' .. tostring(links))
        return
      end
      local items = { { title = 'Every link of the category', value = 0 } }
      for _, link in ipairs(links) do items[#items + 1] = { title = link.label, value = tonumber(link.id) } end
      context.linkItems = items
    end)
  end
  return f:group_box {
    title = 'Atelier',
    size = 'small',
    fill_horizontal = 1,
    bind_to_object = collectionSettings,
    f:column {
      fill_horizontal = 1,
      spacing = f:label_spacing(),
      f:row {
        f:static_text { title = 'Comments and picks from:' },
        f:popup_menu { value = bind 'galleryLinkId', items = bind { key = 'linkItems', bind_to_object = context } },
      },
      f:static_text {
        title = categoryId and 'The gallery links of the category, as the site lists them.'
          or 'Publish the collection once: its category\'s links are listed from then on.',
      },
    },
  }
end

--- Nothing to tell the site: the chosen link stays in the collection's settings, read when comments are fetched.
function provider.updateCollectionSettings(_publishSettings, info)
  info.collectionSettings.galleryLinkId = tonumber(info.collectionSettings.galleryLinkId) or 0
end

--------------------------------------------------------------------------------
-- Feedback from clients.

function provider.getCommentsFromPublishedCollection(publishSettings, arrayOfPhotoInfo, commentCallback)
  local ok, result = LrTasks.pcall(AtelierFeedback.getComments, publishSettings, arrayOfPhotoInfo, commentCallback)
  if not ok then
    LrDialogs.message('Could not fetch comments from Atelier', tostring(result), 'warning')
    return
  end
  return result
end

-- Comments are the clients'; the owner answers them on the site.
provider.canAddCommentsToService = function(_publishSettings)
  return false
end

return provider
