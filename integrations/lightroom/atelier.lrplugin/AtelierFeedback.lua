--[[
A client's feedback from a gallery link, as Lightroom's Comments panel shows it: each pick, each
verdict (approved, rejected) and each comment of the link's threads, on the published photo it is
about. Picks may also mark the photo in the catalog (a rating or a colour label: AtelierPrefs).

Which link: a published collection is a category, and a category may have several links, one per
recipient ("the couple", "the parents"), each with picks of its own. The collection's settings
choose one of them; left at "Every link of the category", each link's feedback comes back signed
with the link's label, so nothing a client said is missed, and picks of any link mark the photo.
]]

local LrApplication = import 'LrApplication'

local AtelierAPI = require 'AtelierAPI'
local AtelierPrefs = require 'AtelierPrefs'
local JSON = require 'AtelierJSON'

local logger = import 'LrLogger' ('AtelierPublish')

local AtelierFeedback = {}

--- Seconds from 1970 to Lightroom's epoch (2001-01-01 UTC), which comment dates count from.
local COCOA_EPOCH = 978307200

--- Days from 1970-01-01 to a civil date (proleptic Gregorian), without os.time's local zone.
local function daysFromCivil(year, month, day)
  if month <= 2 then year = year - 1 end
  local era = math.floor(year / 400)
  local yearOfEra = year - era * 400
  local shifted = (month + 9) % 12
  local dayOfYear = math.floor((153 * shifted + 2) / 5) + day - 1
  local dayOfEra = yearOfEra * 365 + math.floor(yearOfEra / 4) - math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
end

--- An ISO time of the site's (UTC, `Z`) as Lightroom's date: seconds since 2001-01-01 UTC.
function AtelierFeedback.lightroomTime(iso)
  if type(iso) ~= 'string' then return nil end
  local year, month, day, hour, minute, second = iso:match('^(%d+)-(%d+)-(%d+)T(%d+):(%d+):(%d+)')
  if not year then return nil end
  local days = daysFromCivil(tonumber(year), tonumber(month), tonumber(day))
  return days * 86400 + tonumber(hour) * 3600 + tonumber(minute) * 60 + tonumber(second) - COCOA_EPOCH
end

local function isPluginCollection(collection)
  local service = collection.getService and collection:getService()
  return service and service:getPluginId() == _PLUGIN.id
end

--[[
The published collection each remote photo id is in: Lightroom hands the comments callback photos,
not their collection, and one photo may be published to two categories (two remote ids).
]]
local function collectionsOf(arrayOfPhotoInfo)
  local byRemoteId = {}
  for _, info in ipairs(arrayOfPhotoInfo) do
    local remoteId = info.remoteId and AtelierAPI.idString(info.remoteId)
    if remoteId and not byRemoteId[remoteId] then
      for _, collection in ipairs(info.photo:getContainedPublishedCollections()) do
        if isPluginCollection(collection) then
          for _, published in ipairs(collection:getPublishedPhotos()) do
            local id = published:getRemoteId()
            if id then byRemoteId[AtelierAPI.idString(id)] = byRemoteId[AtelierAPI.idString(id)] or collection end
          end
        end
      end
    end
  end
  return byRemoteId
end

--- The links a collection's feedback comes from: its chosen one, or every link of its category.
local function linksOf(settings, collection)
  local categoryId = collection:getRemoteId()
  if not categoryId then return {} end
  local summary = collection:getCollectionInfoSummary() or {}
  local chosen = summary.collectionSettings and tonumber(summary.collectionSettings.galleryLinkId) or 0
  local links = AtelierAPI.categoryLinks(settings, categoryId)
  if chosen == 0 then return links end
  for _, link in ipairs(links) do
    if tonumber(link.id) == chosen then return { link } end
  end
  -- The chosen link was revoked: say so, rather than show another client's picks.
  logger:warn('the link chosen for ' .. tostring(summary.name) .. ' is gone')
  return {}
end

local function add(feedback, photoId, item)
  local list = feedback.byPhoto[photoId]
  if not list then
    list = {}
    feedback.byPhoto[photoId] = list
  end
  list[#list + 1] = item
end

--- One link's picks, verdicts and comments, added to `feedback` by the photo's id.
local function gather(settings, link, feedback)
  local linkId = AtelierAPI.idString(link.id)
  local who = link.label
  local picks = AtelierAPI.linkPicks(settings, link.id)
  for _, pick in ipairs(picks and picks.picks or {}) do
    local photoId = AtelierAPI.idString(pick.photo.id)
    -- Listed by another filter (approved, commented) without a pick: no pick to show.
    if pick.pickedAt ~= nil and pick.pickedAt ~= JSON.null then
      feedback.picked[photoId] = true
      add(feedback, photoId, {
        commentId = 'pick-' .. linkId .. '-' .. photoId,
        commentText = (picks.submittedAt ~= nil and picks.submittedAt ~= JSON.null) and 'Picked (picks sent)' or 'Picked',
        dateCreated = AtelierFeedback.lightroomTime(pick.pickedAt),
        username = 'link-' .. linkId,
        realname = who,
      })
    end
  end
  local comments = AtelierAPI.linkComments(settings, link.id)
  for _, thread in ipairs(comments and comments.threads or {}) do
    local photoId = AtelierAPI.idString(thread.photoId)
    if thread.verdict == 'approved' or thread.verdict == 'rejected' then
      add(feedback, photoId, {
        commentId = 'verdict-' .. linkId .. '-' .. photoId,
        commentText = thread.verdict == 'approved' and 'Approved' or 'Rejected',
        username = 'link-' .. linkId,
        realname = who,
      })
    end
    for _, comment in ipairs(thread.comments or {}) do
      local byOwner = comment.author == 'owner'
      add(feedback, photoId, {
        commentId = 'comment-' .. AtelierAPI.idString(comment.id),
        commentText = comment.text,
        dateCreated = AtelierFeedback.lightroomTime(comment.createdAt),
        username = byOwner and 'owner' or ('link-' .. linkId),
        realname = byOwner and 'You' or who,
      })
    end
  end
end

--- Marks the picked photos as the preferences say; returns how many it marked.
local function applyPicks(arrayOfPhotoInfo, picked)
  local prefs = AtelierPrefs.get()
  if prefs.applyPicksAs ~= 'rating' and prefs.applyPicksAs ~= 'label' then return 0 end
  local toMark = {}
  for _, info in ipairs(arrayOfPhotoInfo) do
    if info.remoteId and picked[AtelierAPI.idString(info.remoteId)] then toMark[#toMark + 1] = info.photo end
  end
  if #toMark == 0 then return 0 end
  -- Waits for another change of the catalog under way (an import, a publish) rather than failing.
  LrApplication.activeCatalog():withWriteAccessDo('Apply client picks from Atelier', function()
    for _, photo in ipairs(toMark) do
      if prefs.applyPicksAs == 'rating' then
        photo:setRawMetadata('rating', tonumber(prefs.pickRating) or 5)
      else
        photo:setRawMetadata('label', prefs.pickLabel)
      end
    end
  end, { timeout = 30 })
  return #toMark
end

--- The publish service's getCommentsFromPublishedCollection.
function AtelierFeedback.getComments(settings, arrayOfPhotoInfo, commentCallback)
  local feedback = { byPhoto = {}, picked = {} }
  local byRemoteId = collectionsOf(arrayOfPhotoInfo)
  local done = {}
  for _, collection in pairs(byRemoteId) do
    -- Lightroom may hand out one collection as several objects: its local id is the same.
    local key = collection.localIdentifier or collection
    if not done[key] then
      done[key] = true
      for _, link in ipairs(linksOf(settings, collection)) do gather(settings, link, feedback) end
    end
  end
  for _, info in ipairs(arrayOfPhotoInfo) do
    local remoteId = info.remoteId and AtelierAPI.idString(info.remoteId)
    -- Every photo gets its list, empty too: a pick taken back leaves the panel.
    commentCallback { publishedPhoto = info, comments = remoteId and feedback.byPhoto[remoteId] or {} }
  end
  return applyPicks(arrayOfPhotoInfo, feedback.picked)
end

return AtelierFeedback
