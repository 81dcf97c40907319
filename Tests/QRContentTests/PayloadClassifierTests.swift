// SPDX-License-Identifier: MIT
// The "kind" of payloads met in the wild, and the fields parsed from Wi-Fi, contacts and URIs.

import Testing

@testable import QRContent

private func classify(_ text: String?) -> ClassifiedPayload { PayloadClassifier.classify(text) }

@Test(arguments: [
  ("https://example.com/path?q=1", PayloadKind.url),
  ("http://example.com", .url),
  ("HTTP://EXAMPLE.COM/ABC", .url),
  ("HtTpS://example.com", .url),
  ("ftp://files.example.com/a.txt", .url),
  ("www.example.com/menu", .url),
  ("URLTO:example.com", .url),
  ("https://example.com and more words", .text),
  ("www.", .text),
  ("hello world", .text),
  ("", .text),
  ("12345678901234", .text),
  ("tel:+1-555-0100", .tel),
  ("TEL:+15550100", .tel),
  ("tel:", .text),
  ("geo:48.2010,16.3695", .geo),
  ("geo:91,0", .text),
  ("geo:north,south", .text),
  ("sms:+15550100?body=hi", .sms),
  ("SMSTO:+15550100:hello there", .sms),
  ("mmsto:+15550100", .sms),
  ("mailto:a@example.com", .email),
  ("MAILTO:A@EXAMPLE.COM?SUBJECT=X", .email),
  ("MATMSG:TO:a@example.com;SUB:Hi;BODY:Text;;", .email),
  ("SMTP:a@example.com:subject:body", .email),
  ("someone@example.org", .email),
  ("not an @ address", .text),
  ("WIFI:S:net;;", .wifi),
  ("wifi:s:net;;", .wifi),
  ("WIFI:T:WPA;P:nossid;;", .text),
  ("MECARD:N:Doe,John;;", .mecard),
  ("BEGIN:VCARD\nVERSION:3.0\nFN:A\nEND:VCARD", .vcard),
  ("[)>\u{1E}06\u{1D}P12345\u{1E}\u{04}", .text),
  ("]C1\u{1D}0101234", .text),
  ("nul\u{0}byte", .binary),
  ("escape \u{1B}[31m", .binary),
  ("c1 \u{85} control", .binary),
])
func kindOfPayload(text: String, kind: PayloadKind) {
  #expect(classify(text).kind == kind, "\(text.debugDescription)")
}

@Test func noTextIsBinary() {
  #expect(classify(nil) == ClassifiedPayload(kind: .binary))
}

// MARK: - Wi-Fi

private func network(_ text: String) throws -> WiFiNetwork {
  guard case .wifi(let network)? = classify(text).content else {
    Issue.record("not Wi-Fi: \(text)")
    throw CancellationError()
  }
  return network
}

@Test func wifiWithWPA() throws {
  let wifi = try network("WIFI:T:WPA;S:Home Network;P:correct horse;;")
  #expect(wifi.ssid == "Home Network")
  #expect(wifi.security == "WPA")
  #expect(wifi.password == "correct horse")
  #expect(!wifi.isHidden)
}

@Test func wifiWithEscapedSeparatorsAndHiddenFlag() throws {
  // zxing's own example of escaping, plus ':' and '\' in the values; fields in any order.
  let wifi = try network(#"WIFI:S:my\;net\:work\\;P:pa\;ss\,wo\"rd\:;T:WPA;H:true;;"#)
  #expect(wifi.ssid == #"my;net:work\"#)
  #expect(wifi.password == #"pa;ss,wo"rd:"#)
  #expect(wifi.isHidden)
  let hiddenUpper = try network("WIFI:S:x;H:TRUE;;")
  #expect(hiddenUpper.isHidden)
}

@Test func wifiWEPAndOpenNetworks() throws {
  let wep = try network("WIFI:T:WEP;S:old;P:0123456789;;")
  #expect(wep.security == "WEP")
  let nopass = try network("WIFI:T:nopass;S:cafe;;")
  #expect(nopass.security == "nopass")
  #expect(nopass.password == nil)
  let absent = try network("WIFI:S:cafe;;")
  #expect(absent.security == "nopass")
  let emptyType = try network("WIFI:T:;S:cafe;P:;;")
  #expect(emptyType.security == "nopass")
  #expect(emptyType.password == "")
}

@Test func wifiEnterprise() throws {
  let wifi = try network(
    "WIFI:T:WPA2-EAP;S:corp;E:PEAP;PH2:MSCHAPV2;A:anon@example.com;I:jdoe;P:secret;;")
  #expect(wifi.security == "WPA2-EAP")
  #expect(wifi.eapMethod == "PEAP")
  #expect(wifi.phase2Method == "MSCHAPV2")
  #expect(wifi.anonymousIdentity == "anon@example.com")
  #expect(wifi.identity == "jdoe")
}

// MARK: - Contacts

private func contact(_ text: String, kind: PayloadKind) throws -> Contact {
  let classified = classify(text)
  #expect(classified.kind == kind)
  guard case .contact(let contact)? = classified.content else {
    Issue.record("not a contact: \(text)")
    throw CancellationError()
  }
  return contact
}

@Test func mecard() throws {
  let card = try contact(
    #"MECARD:N:Doe,John;TEL:+15550100;TEL:+15550101;EMAIL:john@example.com;"#
      + #"ADR:,,1 Main St,Springfield,IL,62701,USA;URL:https\://example.com;"#
      + #"NOTE:likes \; and \, ;ORG:ACME;;"#, kind: .mecard)
  #expect(card.name == "John Doe")
  #expect(card.phones == ["+15550100", "+15550101"])
  #expect(card.emails == ["john@example.com"])
  #expect(card.address == "1 Main St, Springfield, IL, 62701, USA")
  #expect(card.url == "https://example.com")
  #expect(card.note == "likes ; and , ")
  #expect(card.organization == "ACME")
  let single = try contact("MECARD:N:Madonna;;", kind: .mecard)
  #expect(single.name == "Madonna")
}

@Test func vCard30WithFoldedLinesAndEscapes() throws {
  let card = try contact(
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Gump;Forrest;;Mr.;\r\nFN:Forrest Gump\r\n"
      + "ORG:Bubba Gump Shrimp Co.;Marketing\r\nTITLE:Shrimp Man\r\n"
      + "TEL;TYPE=WORK,VOICE:(111) 555-1212\r\nTEL;TYPE=HOME,VOICE:(404) 555-1212\r\n"
      + "ADR;TYPE=WORK:;;100 Waters Edge;Baytown;LA;30314;United States of A\r\n merica\r\n"
      + "EMAIL;TYPE=PREF,INTERNET:forrestgump@exam\r\n\tple.com\r\n"
      + "NOTE:Line one\\nLine two\\, with comma\\; and semicolon\r\n"
      + "item1.URL:http://example.com/forrest\r\nEND:VCARD\r\n", kind: .vcard)
  #expect(card.name == "Forrest Gump")
  #expect(card.organization == "Bubba Gump Shrimp Co., Marketing")
  #expect(card.title == "Shrimp Man")
  #expect(card.phones == ["(111) 555-1212", "(404) 555-1212"])
  #expect(card.address == "100 Waters Edge, Baytown, LA, 30314, United States of America")
  #expect(card.emails == ["forrestgump@example.com"])
  #expect(card.note == "Line one\nLine two, with comma; and semicolon")
  #expect(card.url == "http://example.com/forrest")
}

@Test func vCard21QuotedPrintableAndNameFromN() throws {
  let card = try contact(
    "BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\n"
      + "TEL;CELL:+49 170 1234567\nADR;HOME;QUOTED-PRINTABLE:;;Hauptstra=C3=9Fe 1=\n;Berlin;;10115;\n"
      + "END:VCARD", kind: .vcard)
  #expect(card.name == "Jürgen Müller")
  #expect(card.phones == ["+49 170 1234567"])
  #expect(card.address == "Hauptstraße 1, Berlin, 10115")
}

@Test func vCard40TelURI() throws {
  let card = try contact(
    "BEGIN:VCARD\nVERSION:4.0\nFN:Jane\nTEL;VALUE=uri;TYPE=\"voice,home\":tel:+1-555-555-5555\n"
      + "EMAIL:jane@example.com\nEND:VCARD\nFN:after the end", kind: .vcard)
  #expect(card.name == "Jane")
  #expect(card.phones == ["+1-555-555-5555"])
  #expect(card.emails == ["jane@example.com"])
}

@Test func anEmptyVCardIsText() {
  #expect(classify("BEGIN:VCARD\nVERSION:3.0\nEND:VCARD").kind == .text)
}

// MARK: - URIs

@Test func geoFields() throws {
  #expect(
    classify("geo:48.2010,16.3695,183?q=Vienna%20Opera").content
      == .geo(try #require(GeoLocation(parsing: "48.2010,16.3695,183?q=Vienna%20Opera"))))
  let location = GeoLocation(parsing: "-33.8568,151.2153;u=35?q=Sydney")
  #expect(location?.latitude == -33.8568)
  #expect(location?.longitude == 151.2153)
  #expect(location?.altitude == nil)
  #expect(location?.query == "Sydney")
  #expect(GeoLocation(parsing: "48.2010,16.3695,183?q=Vienna%20Opera")?.query == "Vienna Opera")
  #expect(GeoLocation(parsing: "48.2010,16.3695,183")?.altitude == 183)
}

@Test func telAndSMSFields() {
  #expect(classify("tel:+1%20555%200100").content == .tel(number: "+1 555 0100"))
  #expect(
    classify("sms:+15550100,+15550101?body=Meet%20at%206").content
      == .sms(numbers: ["+15550100", "+15550101"], body: "Meet at 6"))
  #expect(
    classify("SMSTO:+15550100:Call me: now").content
      == .sms(numbers: ["+15550100"], body: "Call me: now"))
  #expect(classify("smsto:+15550100").content == .sms(numbers: ["+15550100"], body: nil))
}

@Test func emailFields() {
  guard
    case .email(let mail)? = classify(
      "mailto:a@example.com,b@example.com?subject=Hello%20there&body=Hi%0Aall&cc=c@example.com"
    ).content
  else {
    Issue.record("not e-mail")
    return
  }
  #expect(mail.to == ["a@example.com", "b@example.com"])
  #expect(mail.subject == "Hello there")
  #expect(mail.body == "Hi\nall")
  guard
    case .email(let matmsg)? = classify(
      #"MATMSG:TO:x@example.com;SUB:Re\: lunch;BODY:ok\;see you;;"#
    ).content
  else {
    Issue.record("not e-mail")
    return
  }
  #expect(matmsg.to == ["x@example.com"])
  #expect(matmsg.subject == "Re: lunch")
  #expect(matmsg.body == "ok;see you")
  #expect(classify("mailto:").kind == .text)
}

// MARK: - Round trips with qrrender's content payloads

@Test func wifiWrittenByQrrenderReadsBack() throws {
  let written = ContentPayload.wifi(
    WiFiNetwork(ssid: #"café;net:"1"\"#, security: .wpa, password: "p;a,s:s\\", isHidden: true))
  let wifi = try network(written.text)
  #expect(wifi.ssid == #"café;net:"1"\"#)
  #expect(wifi.password == "p;a,s:s\\")
  #expect(wifi.security == "WPA")
  #expect(wifi.isHidden)
  let open = try network(
    ContentPayload.wifi(WiFiNetwork(ssid: "open", security: .none, password: nil, isHidden: false))
      .text)
  #expect(open.security == "nopass")
  #expect(open.password == nil)
}

@Test(arguments: [true, false])
func contactsWrittenByQrrenderReadBack(asVCard: Bool) throws {
  var written = Contact(name: "Jane Q. Public")
  written.phones = ["+1 555 0100", "+1 555 0101"]
  written.emails = ["jane@example.com"]
  written.urls = ["https://example.com/jane"]
  written.organization = "Acme, Inc; Research"
  let payload = asVCard ? ContentPayload.vcard(written) : ContentPayload.mecard(written)
  let card = try contact(payload.text, kind: asVCard ? .vcard : .mecard)
  #expect(card.name == "Jane Q. Public")
  #expect(card.phones == written.phones)
  #expect(card.emails == written.emails)
  #expect(card.url == "https://example.com/jane")
  // qrrender escapes the ';' in a vCard's ORG, so it stays one component.
  #expect(card.organization == "Acme, Inc; Research")
}

@Test(arguments: [true, false])
func aContactIsTheSameValueWrittenAndRead(asVCard: Bool) throws {
  var written = Contact(name: "Ada King")
  written.phones = ["+44 20 7946 0000"]
  written.emails = ["ada@example.org", "countess@example.org"]
  written.urls = ["https://example.org/ada", "https://example.org/engine"]
  written.note = "notes; on the engine"
  if asVCard {
    written.organization = "Analytical Society"
    written.title = "Countess"
  }
  let payload = asVCard ? ContentPayload.vcard(written) : ContentPayload.mecard(written)
  #expect(try contact(payload.text, kind: asVCard ? .vcard : .mecard) == written)
}

@Test func placesAndMessagesAreTheSameValuesWrittenAndRead() {
  let place = GeoLocation(latitude: 51.4779, longitude: -0.0015, altitude: 46, query: "Greenwich")
  #expect(PayloadClassifier.classify(ContentPayload.geo(place).text).content == .geo(place))
  let message = EmailMessage(
    to: ["a@example.com", "b@example.com"], subject: "Minutes", body: "See below")
  #expect(
    PayloadClassifier.classify(ContentPayload.mailto(message).text).content == .email(message))
  let network = WiFiNetwork(ssid: "lab", security: .wep, password: "0123456789", isHidden: true)
  #expect(PayloadClassifier.classify(ContentPayload.wifi(network).text).content == .wifi(network))
}

@Test func urisWrittenByQrrenderReadBack() throws {
  #expect(
    classify(
      ContentPayload.geo(GeoLocation(latitude: 48.2082, longitude: 16.3738, altitude: 171)).text
    )
    .content
      == .geo(try #require(GeoLocation(parsing: "48.2082,16.3738,171"))))
  guard
    case .email(let mail)? = classify(
      ContentPayload.mailto(
        EmailMessage(to: ["a+b@example.com"], subject: "Hi & bye", body: "Line 1\nLine 2")
      )
      .text
    ).content
  else {
    Issue.record("not e-mail")
    return
  }
  #expect(mail.to == ["a+b@example.com"])
  #expect(mail.subject == "Hi & bye")
  #expect(mail.body == "Line 1\nLine 2")
  #expect(classify(ContentPayload.tel("+1 555 0100").text).content == .tel(number: "+15550100"))
  #expect(
    classify(ContentPayload.sms(number: "+1 555 0100", body: "On my way: 5 min").text).content
      == .sms(numbers: ["+15550100"], body: "On my way: 5 min"))
}
