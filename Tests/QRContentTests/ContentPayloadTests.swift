// SPDX-License-Identifier: MIT

import Testing

@testable import QRContent

@Test func wifiEscapesEverySpecialCharacter() {
  let payload = ContentPayload.wifi(
    WiFiNetwork(ssid: #"My;Net,work:"x"\"#, security: .wpa, password: "pa;ss", isHidden: true))
  #expect(payload.text == #"WIFI:T:WPA;S:My\;Net\,work\:\"x\"\\;P:pa\;ss;H:true;;"#)
  #expect(payload.problem == nil)
}

@Test func openWifiHasNoPassword() {
  #expect(
    ContentPayload.wifi(WiFiNetwork(ssid: "cafe", security: .none, password: nil, isHidden: false))
      .text
      == "WIFI:T:nopass;S:cafe;;")
  #expect(
    ContentPayload.wifi(WiFiNetwork(ssid: "cafe", security: .wpa, password: nil, isHidden: false))
      .problem
      != nil)
  #expect(
    ContentPayload.wifi(WiFiNetwork(ssid: "", security: .wpa, password: "x", isHidden: false))
      .problem != nil)
}

@Test func mecardAndVCardCarryTheContact() {
  var contact = Contact(name: "Jane Q. Public")
  contact.phones = ["+1 555 0100"]
  contact.emails = ["jane@example.com"]
  contact.urls = ["https://example.com/jane"]
  contact.organization = "Acme; Inc."
  #expect(
    ContentPayload.mecard(contact).text
      == #"MECARD:N:Jane Q. Public;TEL:+1 555 0100;EMAIL:jane@example.com;URL:https://example.com/jane;ORG:Acme\; Inc.;;"#
  )
  let vcard = ContentPayload.vcard(contact).text
  #expect(
    vcard.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Public;Jane Q.;;;\r\nFN:Jane Q. Public\r\n"))
  #expect(vcard.contains("ORG:Acme\\; Inc.\r\n"))
  #expect(vcard.contains("EMAIL:jane@example.com\r\n"))
  #expect(vcard.hasSuffix("END:VCARD\r\n"))
}

@Test func geoIsPlainDecimal() {
  #expect(
    ContentPayload.geo(GeoLocation(latitude: 48.8584, longitude: 2.2945)).text
      == "geo:48.8584,2.2945")
  #expect(
    ContentPayload.geo(GeoLocation(latitude: -33.5, longitude: 0, altitude: 12)).text
      == "geo:-33.5,0,12")
  #expect(ContentPayload.geo(GeoLocation(latitude: 91, longitude: 0)).problem != nil)
}

@Test func mailtoPercentEncodesTheQuery() {
  let payload = ContentPayload.mailto(
    EmailMessage(to: ["a.b@example.com"], subject: "Hi & bye", body: "line 1\nline 2"))
  #expect(payload.text == "mailto:a.b@example.com?subject=Hi%20%26%20bye&body=line%201%0Aline%202")
  #expect(
    ContentPayload.mailto(EmailMessage(to: ["nobody"], subject: nil, body: nil)).problem != nil)
}

@Test func telAndSMS() {
  #expect(ContentPayload.tel("+1 555 0100").text == "tel:+15550100")
  #expect(ContentPayload.sms(number: "+1 555", body: "on my way").text == "SMSTO:+1555:on my way")
  #expect(ContentPayload.tel("call me").problem != nil)
}
