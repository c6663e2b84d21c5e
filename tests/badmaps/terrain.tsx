<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="56" tileheight="64" tilecount="12" columns="4">
 <image source="hex.png" width="224" height="192"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="forest"/><property name="concealment" value="partial"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="rubble"/><property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="water"/><property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="low wall"/><property name="obstacle" value="low"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="stone wall"/><property name="impassable" type="bool" value="true"/><property name="obstacle" value="wall"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="fog"/><property name="blocks_sight" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="exit"/><property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="hill"/><property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="darkness"/><property name="blocks_sight" type="bool" value="true"/><property name="concealment" value="total"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
</tileset>
